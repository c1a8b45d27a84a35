"""A passkey authenticator in software, for tests that speak to the servers without a browser (issue 41):
a P-256 key of its own, a counter, and the JSON a browser's `PublicKeyCredential.toJSON()` gives for a
registration (`navigator.credentials.create()`) and an assertion (`navigator.credentials.get()`), as
WebAuthn Level 3 lays them out. The few bytes of CBOR (the attestation object, the COSE key) are
written by hand: they are fixed in form, and a general encoder would be one more package.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

ES256 = -7
FLAG_USER_PRESENT = 0x01
FLAG_USER_VERIFIED = 0x04
FLAG_ATTESTED = 0x40


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def from_b64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _cbor_head(major: int, value: int) -> bytes:
    """A CBOR item's head: major type and argument, in the shortest form (RFC 8949 §3)."""
    if value < 24:
        return bytes([major << 5 | value])
    for extra, width in ((24, "B"), (25, ">H"), (26, ">I")):
        if value < 1 << (8 * struct.calcsize(width)):
            return bytes([major << 5 | extra]) + struct.pack(width, value)
    raise ValueError("too large for these tests")


def _cbor_int(value: int) -> bytes:
    return _cbor_head(0, value) if value >= 0 else _cbor_head(1, -1 - value)


def _cbor_bytes(data: bytes) -> bytes:
    return _cbor_head(2, len(data)) + data


def _cbor_text(text: str) -> bytes:
    encoded = text.encode()
    return _cbor_head(3, len(encoded)) + encoded


def _cbor_map(entries: list[tuple[bytes, bytes]]) -> bytes:
    """A map of encoded keys and values, in the order given."""
    return _cbor_head(5, len(entries)) + b"".join(key + value for key, value in entries)


class SoftwarePasskey:
    """One discoverable credential: its key, its id, the account's user handle once registered, its counter."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)
        self.user_handle: bytes | None = None
        self.sign_count = 0

    def cose_key(self) -> bytes:
        """The public key as COSE (RFC 9053): kty EC2, alg ES256, crv P-256, x, y."""
        numbers = self.key.public_key().public_numbers()
        return _cbor_map([
            (_cbor_int(1), _cbor_int(2)), (_cbor_int(3), _cbor_int(ES256)), (_cbor_int(-1), _cbor_int(1)),
            (_cbor_int(-2), _cbor_bytes(numbers.x.to_bytes(32, "big"))),
            (_cbor_int(-3), _cbor_bytes(numbers.y.to_bytes(32, "big"))),
        ])

    def _authenticator_data(self, rp_id: str, attested: bool) -> bytes:
        flags = FLAG_USER_PRESENT | FLAG_USER_VERIFIED | (FLAG_ATTESTED if attested else 0)
        data = hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", self.sign_count)
        if attested:
            # An AAGUID of zeros (attestation "none"), then the credential id and its key.
            data += bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id + self.cose_key()
        return data

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False},
                          separators=(",", ":")).encode()

    def register(self, options: dict, origin: str) -> dict:
        """The answer to `navigator.credentials.create()` with the server's `publicKey` options, from a
        page of `origin`, as `toJSON()` gives it."""
        self.user_handle = from_b64url(options["user"]["id"])
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        auth_data = self._authenticator_data(options["rp"]["id"], attested=True)
        attestation = _cbor_map([
            (_cbor_text("fmt"), _cbor_text("none")), (_cbor_text("attStmt"), _cbor_map([])),
            (_cbor_text("authData"), _cbor_bytes(auth_data)),
        ])
        spki = self.key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
        return {
            "id": b64url(self.credential_id), "rawId": b64url(self.credential_id), "type": "public-key",
            "authenticatorAttachment": "platform", "clientExtensionResults": {},
            "response": {
                "clientDataJSON": b64url(client_data), "attestationObject": b64url(attestation),
                "authenticatorData": b64url(auth_data), "publicKey": b64url(spki), "publicKeyAlgorithm": ES256,
                "transports": ["internal"],
            },
        }

    def assertion(self, options: dict, origin: str) -> dict:
        """The answer to `navigator.credentials.get()` with the server's `publicKey` options, from a page
        of `origin`, as `toJSON()` gives it; the counter moves on first, as a real authenticator's does."""
        assert self.user_handle is not None, "register first: a discoverable credential names its account"
        self.sign_count += 1
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        auth_data = self._authenticator_data(options["rpId"], attested=False)
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64url(self.credential_id), "rawId": b64url(self.credential_id), "type": "public-key",
            "authenticatorAttachment": "platform", "clientExtensionResults": {},
            "response": {
                "clientDataJSON": b64url(client_data), "authenticatorData": b64url(auth_data),
                "signature": b64url(signature), "userHandle": b64url(self.user_handle),
            },
        }
