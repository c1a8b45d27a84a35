/// What a registration must match: the challenge the server issued for it, who the relying party is,
/// the algorithms it offered in `pubKeyCredParams`.
public struct RegistrationExpectation: Sendable {
    public let challenge: [UInt8]
    public let relyingParty: RelyingParty
    public let algorithms: [COSEAlgorithm]
    public let userVerificationRequired: Bool

    public init(challenge: [UInt8], relyingParty: RelyingParty, algorithms: [COSEAlgorithm], userVerificationRequired: Bool = false) {
        self.challenge = challenge
        self.relyingParty = relyingParty
        self.algorithms = algorithms
        self.userVerificationRequired = userVerificationRequired
    }
}

/// A credential a registration proved: what the store keeps of it.
public struct RegisteredCredential: Equatable, Sendable {
    public let id: [UInt8]
    /// The COSE key as the authenticator wrote it; `PasskeyPublicKey(cose:)` reads it back.
    public let publicKeyCOSE: [UInt8]
    public let algorithm: COSEAlgorithm
    public let signCount: UInt32
    public let userVerified: Bool
    public let backupEligible: Bool
    public let backedUp: Bool
    public let transports: [String]
}

/// Registration verification, WebAuthn Level 3 §7.1, for attestation "none".
public enum RegistrationVerifier {
    /// The credential `response` registers, once every check of §7.1 holds (the challenge is the
    /// caller's to take out of use, the credential id's uniqueness the store's to enforce).
    public static func verify(_ response: RegistrationResponseJSON, expecting expected: RegistrationExpectation) throws(PasskeyFailure)
        -> RegisteredCredential
    {
        let rawID = try response.credentialID()
        let clientData = try CollectedClientData.read(base64URL: response.response.clientDataJSON, field: "clientDataJSON")
        try clientData.data.check(type: "webauthn.create", challenge: expected.challenge, relyingParty: expected.relyingParty)

        guard let attestationBytes = Base64URL.decode(response.response.attestationObject) else {
            throw .malformedBase64URL(field: "attestationObject")
        }
        let attestation = try CBORCoding.decode(attestationBytes)
        guard case .text(let format)? = attestation[text: "fmt"], case .bytes(let authDataBytes)? = attestation[text: "authData"],
            case .map(let statement)? = attestation[text: "attStmt"]
        else { throw .malformedAttestationObject }
        // §8.7: "none" has an empty statement. Any other format carries an attestation we did not ask for.
        guard format == "none" else { throw .unsupportedAttestationFormat(format) }
        guard statement.isEmpty else { throw .attestationStatementNotEmpty }

        let authenticatorData = try AuthenticatorData(authDataBytes)
        try expected.relyingParty.check(authenticatorData, userVerificationRequired: expected.userVerificationRequired)
        guard let credential = authenticatorData.attestedCredential else { throw .missingAttestedCredentialData }
        guard credential.credentialID == rawID else { throw .credentialIDMismatch }
        let key = try PasskeyPublicKey(cose: credential.publicKeyCOSE, allowed: expected.algorithms)

        return RegisteredCredential(
            id: rawID, publicKeyCOSE: credential.publicKeyCOSE, algorithm: key.algorithm, signCount: authenticatorData.signCount,
            userVerified: authenticatorData.flags.contains(.userVerified),
            backupEligible: authenticatorData.flags.contains(.backupEligible),
            backedUp: authenticatorData.flags.contains(.backupState), transports: response.response.transports ?? [])
    }
}
