/// The options of `navigator.credentials.create()` in the JSON form of
/// `PublicKeyCredential.parseCreationOptionsFromJSON` (WebAuthn §5.4, `PublicKeyCredentialCreationOptionsJSON`):
/// binary fields as base64url. Only what this relying party sets; the browser fills in the rest.
public struct CreationOptionsJSON: Codable, Equatable, Sendable {
    public struct RelyingPartyEntity: Codable, Equatable, Sendable {
        public let id: String
        public let name: String
    }

    public struct UserEntity: Codable, Equatable, Sendable {
        /// The user handle, base64url.
        public let id: String
        public let name: String
        public let displayName: String
    }

    public struct Parameter: Codable, Equatable, Sendable {
        public let type: String
        public let alg: Int
    }

    public struct AuthenticatorSelection: Codable, Equatable, Sendable {
        public let residentKey: String
        public let requireResidentKey: Bool
        public let userVerification: String
    }

    public let rp: RelyingPartyEntity
    public let user: UserEntity
    public let challenge: String
    public let pubKeyCredParams: [Parameter]
    /// Milliseconds.
    public let timeout: Int
    public let authenticatorSelection: AuthenticatorSelection
    public let attestation: String

    /// The options for creating a discoverable passkey (`residentKey: "required"`, as an account
    /// without a password needs) for `userName`, with no attestation, offering `algorithms` in order of
    /// preference: what `RegistrationExpectation` must then be given.
    public init(
        relyingParty: RelyingParty, relyingPartyName: String, userHandle: [UInt8], userName: String, challenge: [UInt8],
        algorithms: [COSEAlgorithm] = COSEAlgorithm.allCases, timeoutMilliseconds: Int
    ) {
        rp = RelyingPartyEntity(id: relyingParty.id, name: relyingPartyName)
        user = UserEntity(id: Base64URL.encode(userHandle), name: userName, displayName: userName)
        self.challenge = Base64URL.encode(challenge)
        pubKeyCredParams = algorithms.map { Parameter(type: "public-key", alg: $0.rawValue) }
        timeout = timeoutMilliseconds
        authenticatorSelection = AuthenticatorSelection(residentKey: "required", requireResidentKey: true, userVerification: "preferred")
        attestation = "none"
    }
}

/// The options of `navigator.credentials.get()` in the JSON form of
/// `PublicKeyCredential.parseRequestOptionsFromJSON` (`PublicKeyCredentialRequestOptionsJSON`), for a
/// discoverable credential: no `allowCredentials`, so the authenticator offers the person's passkeys
/// for this RP ID and the assertion names its user (`userHandle`).
public struct RequestOptionsJSON: Codable, Equatable, Sendable {
    public let challenge: String
    public let rpId: String
    /// Milliseconds.
    public let timeout: Int
    public let userVerification: String

    public init(relyingParty: RelyingParty, challenge: [UInt8], timeoutMilliseconds: Int) {
        self.challenge = Base64URL.encode(challenge)
        rpId = relyingParty.id
        timeout = timeoutMilliseconds
        userVerification = "preferred"
    }
}
