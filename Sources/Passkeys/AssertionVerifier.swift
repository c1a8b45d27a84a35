import Crypto

/// What an assertion must match: the challenge the server issued for it and the stored credential
/// it names.
public struct AssertionExpectation: Sendable {
    public let challenge: [UInt8]
    public let relyingParty: RelyingParty
    public let credential: StoredCredential
    public let userVerificationRequired: Bool
    /// §7.2 step 6: when the user was not identified before the ceremony (a discoverable credential,
    /// no `allowCredentials`), the assertion must carry the user handle.
    public let userHandleRequired: Bool

    public init(
        challenge: [UInt8], relyingParty: RelyingParty, credential: StoredCredential, userVerificationRequired: Bool = false,
        userHandleRequired: Bool = true
    ) {
        self.challenge = challenge
        self.relyingParty = relyingParty
        self.credential = credential
        self.userVerificationRequired = userVerificationRequired
        self.userHandleRequired = userHandleRequired
    }
}

/// A credential as the store has it.
public struct StoredCredential: Equatable, Sendable {
    public let id: [UInt8]
    public let publicKeyCOSE: [UInt8]
    public let signCount: UInt32
    /// The `user.id` it was registered with: a discoverable credential's assertion returns it.
    public let userHandle: [UInt8]

    public init(id: [UInt8], publicKeyCOSE: [UInt8], signCount: UInt32, userHandle: [UInt8]) {
        self.id = id
        self.publicKeyCOSE = publicKeyCOSE
        self.signCount = signCount
        self.userHandle = userHandle
    }
}

/// What a verified assertion tells the store to update.
public struct VerifiedAssertion: Equatable, Sendable {
    public let credentialID: [UInt8]
    public let signCount: UInt32
    public let userVerified: Bool
    public let backedUp: Bool
}

/// Assertion verification, WebAuthn Level 3 §7.2.
public enum AssertionVerifier {
    /// The assertion's outcome once every check of §7.2 holds (the challenge is the caller's to take
    /// out of use, the new counter the caller's to store).
    public static func verify(_ response: AuthenticationResponseJSON, expecting expected: AssertionExpectation) throws(PasskeyFailure)
        -> VerifiedAssertion
    {
        let stored = expected.credential
        guard try response.credentialID() == stored.id else { throw .credentialIDMismatch }
        if let handle = response.response.userHandle {
            guard let bytes = Base64URL.decode(handle) else { throw .malformedBase64URL(field: "userHandle") }
            guard bytes == stored.userHandle else { throw .userHandleMismatch }
        } else if expected.userHandleRequired {
            throw .missingUserHandle
        }
        let clientData = try CollectedClientData.read(base64URL: response.response.clientDataJSON, field: "clientDataJSON")
        try clientData.data.check(type: "webauthn.get", challenge: expected.challenge, relyingParty: expected.relyingParty)

        guard let authDataBytes = Base64URL.decode(response.response.authenticatorData) else {
            throw .malformedBase64URL(field: "authenticatorData")
        }
        let authenticatorData = try AuthenticatorData(authDataBytes)
        try expected.relyingParty.check(authenticatorData, userVerificationRequired: expected.userVerificationRequired)

        guard let signature = Base64URL.decode(response.response.signature) else { throw .malformedBase64URL(field: "signature") }
        let key = try PasskeyPublicKey(cose: stored.publicKeyCOSE)
        guard key.isValidSignature(signature, for: authDataBytes + clientData.hash) else { throw .signatureInvalid }

        // §7.2 step 22: a counter that does not grow while either is non-zero means two authenticators
        // share the key. Both zero is an authenticator without a counter (most synced passkeys).
        let received = authenticatorData.signCount
        if received != 0 || stored.signCount != 0, received <= stored.signCount {
            throw .signCountNotIncreasing(stored: stored.signCount, received: received)
        }
        return VerifiedAssertion(
            credentialID: stored.id, signCount: received, userVerified: authenticatorData.flags.contains(.userVerified),
            backedUp: authenticatorData.flags.contains(.backupState))
    }
}
