import Crypto
import Foundation
import Passkeys

/// A passkey authenticator in software, as the tests' vectors: a key of its own, a counter, and the
/// registration and assertion JSON a browser's `toJSON()` would give for it. Every part a test may
/// spoil is a parameter.
package struct SoftwareAuthenticator {
    package enum Key {
        case p256(P256.Signing.PrivateKey)
        case ed25519(Curve25519.Signing.PrivateKey)
    }

    package static let origin = "https://games.example"
    package static let relyingParty = RelyingParty(id: "games.example", origins: [origin, "http://localhost:8080"])

    package var key: Key
    package var credentialID: [UInt8]
    package var userHandle: [UInt8]
    package var signCount: UInt32

    package init(
        key: Key = .p256(P256.Signing.PrivateKey()), credentialID: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255) },
        userHandle: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255) }, signCount: UInt32 = 0
    ) {
        self.key = key
        self.credentialID = credentialID
        self.userHandle = userHandle
        self.signCount = signCount
    }

    package var coseKey: [UInt8] {
        switch key {
        case .p256(let key):
            let raw = Array(key.publicKey.rawRepresentation)
            return CBOREncoder.encode(
                CBOREncoder.coseMap([
                    (1, .unsigned(2)), (3, CBOREncoder.integer(-7)), (-1, .unsigned(1)), (-2, .bytes(Array(raw[0..<32]))),
                    (-3, .bytes(Array(raw[32...]))),
                ]))
        case .ed25519(let key):
            return CBOREncoder.encode(
                CBOREncoder.coseMap([
                    (1, .unsigned(1)), (3, CBOREncoder.integer(-8)), (-1, .unsigned(6)),
                    (-2, .bytes(Array(key.publicKey.rawRepresentation))),
                ]))
        }
    }

    /// What the relying party stores after registering this authenticator.
    package var stored: StoredCredential {
        StoredCredential(id: credentialID, publicKeyCOSE: coseKey, signCount: signCount, userHandle: userHandle)
    }

    package static func clientDataJSON(type: String, challenge: [UInt8], origin: String, crossOrigin: Bool = false) -> [UInt8] {
        let object: [String: Any] = [
            "type": type, "challenge": Base64URL.encode(challenge), "origin": origin, "crossOrigin": crossOrigin,
        ]
        return Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    package func authenticatorData(rpID: String, flags: AuthenticatorData.Flags, attested: Bool, extensions: CBORValue? = nil) -> [UInt8] {
        var bytes = Array(SHA256.hash(data: Array(rpID.utf8)))
        bytes.append(flags.union(attested ? .attestedCredentialData : []).union(extensions == nil ? [] : .extensionData).rawValue)
        bytes += CBOREncoder.bigEndian(UInt64(signCount), width: 4)
        if attested {
            bytes += [UInt8](repeating: 0, count: 16)
            bytes += CBOREncoder.bigEndian(UInt64(credentialID.count), width: 2) + credentialID + coseKey
        }
        if let extensions { bytes += CBOREncoder.encode(extensions) }
        return bytes
    }

    /// `navigator.credentials.create()`'s answer, `toJSON()`ed.
    package func register(
        challenge: [UInt8], type: String = "webauthn.create", origin: String = origin, rpID: String = relyingParty.id,
        flags: AuthenticatorData.Flags = [.userPresent, .userVerified], format: String = "none",
        statement: [CBORMapEntry] = []
    ) -> RegistrationResponseJSON {
        let clientData = Self.clientDataJSON(type: type, challenge: challenge, origin: origin)
        let attestation = CBORValue.map([
            CBORMapEntry(key: .text("fmt"), value: .text(format)),
            CBORMapEntry(key: .text("attStmt"), value: .map(statement)),
            CBORMapEntry(key: .text("authData"), value: .bytes(authenticatorData(rpID: rpID, flags: flags, attested: true))),
        ])
        let id = Base64URL.encode(credentialID)
        return RegistrationResponseJSON(
            id: id, rawId: id,
            response: .init(
                clientDataJSON: Base64URL.encode(clientData), attestationObject: Base64URL.encode(CBOREncoder.encode(attestation)),
                transports: ["internal"]))
    }

    /// `navigator.credentials.get()`'s answer, `toJSON()`ed; the counter moves on first, as a real one's does.
    package mutating func assert(
        challenge: [UInt8], type: String = "webauthn.get", origin: String = origin, rpID: String = relyingParty.id,
        flags: AuthenticatorData.Flags = [.userPresent, .userVerified], countStep: UInt32 = 1, signer: Key? = nil
    ) -> AuthenticationResponseJSON {
        signCount &+= countStep
        let clientData = Self.clientDataJSON(type: type, challenge: challenge, origin: origin)
        let authData = authenticatorData(rpID: rpID, flags: flags, attested: false)
        let signed = authData + Array(SHA256.hash(data: clientData))
        let signature: [UInt8] =
            switch signer ?? key {
            case .p256(let key): Array(try! key.signature(for: signed).derRepresentation)
            case .ed25519(let key): Array(try! key.signature(for: signed))
            }
        let id = Base64URL.encode(credentialID)
        return AuthenticationResponseJSON(
            id: id, rawId: id,
            response: .init(
                clientDataJSON: Base64URL.encode(clientData), authenticatorData: Base64URL.encode(authData),
                signature: Base64URL.encode(signature), userHandle: Base64URL.encode(userHandle)))
    }

    package static func challenge() -> [UInt8] { (0..<32).map { _ in UInt8.random(in: 0...255) } }
}
