/// Why a registration or an assertion was refused. The server logs the reason and tells the client no
/// more than "bad message" or "not signed in": the detail helps an attacker more than a person.
public enum PasskeyFailure: Error, Equatable, Sendable {
    /// A field of the credential's JSON that should be base64url is not (its name in the JSON).
    case malformedBase64URL(field: String)
    /// `clientDataJSON` is not the JSON object of `CollectedClientData`.
    case malformedClientData
    /// The attestation object, the COSE key or the extensions in authenticator data are not CBOR.
    case malformedCBOR(CBORError)
    /// The attestation object is CBOR but not a map of `fmt`, `attStmt` and `authData`.
    case malformedAttestationObject
    /// Authenticator data too short for what its flags announce, or with bytes after its last part.
    case malformedAuthenticatorData
    /// The credential's `type` is not `public-key`.
    case notPublicKeyCredential
    /// `clientDataJSON.type` is not the ceremony's (`webauthn.create` or `webauthn.get`).
    case wrongCeremonyType(String)
    /// `clientDataJSON.challenge` is not the challenge the server issued for this ceremony.
    case challengeMismatch
    /// `clientDataJSON.origin` is not among the allowed origins.
    case originNotAllowed(String)
    /// The ceremony ran in a cross-origin frame, which this relying party does not allow.
    case crossOrigin
    /// The authenticator data's RP ID hash is not SHA-256 of the relying party's id.
    case rpIDHashMismatch
    /// The user-present flag is not set.
    case userNotPresent
    /// User verification was required and the user-verified flag is not set.
    case userNotVerified
    /// The backup-state flag is set without the backup-eligible flag (§6.1: not a valid combination).
    case backupStateWithoutEligibility
    /// An attestation format other than "none": this relying party asks for no attestation.
    case unsupportedAttestationFormat(String)
    /// Format "none" with a non-empty attestation statement.
    case attestationStatementNotEmpty
    /// A registration whose authenticator data carries no attested credential data.
    case missingAttestedCredentialData
    /// The credential id in authenticator data is not the response's `rawId`, or `id` is not `rawId`.
    case credentialIDMismatch
    /// A credential id longer than the 1023 bytes §5.8.3 allows.
    case credentialIDTooLong
    /// A COSE algorithm this relying party did not offer or does not implement.
    case unsupportedAlgorithm(Int)
    /// A COSE key that is not a well-formed key of its algorithm.
    case malformedPublicKey
    /// The assertion's signature is not one of the stored key over authenticatorData ‖ SHA-256(clientDataJSON).
    case signatureInvalid
    /// The assertion's `userHandle` is not the stored credential's user handle.
    case userHandleMismatch
    /// An assertion without `userHandle` where the user was not identified before the ceremony.
    case missingUserHandle
    /// The signature counter did not increase although one of the two is non-zero: a cloned authenticator.
    case signCountNotIncreasing(stored: UInt32, received: UInt32)
}
