/// `PublicKeyCredential.toJSON()` (WebAuthn §5.1): the credential's id twice (`id`, and `rawId` which
/// is the same bytes), its type and the authenticator's response, binary fields as base64url text.
/// Only the fields the verification reads are here; others are ignored.
public struct PublicKeyCredentialJSON<Response: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var id: String
    public var rawId: String
    public var type: String
    public var response: Response

    public init(id: String, rawId: String, type: String = "public-key", response: Response) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }

    /// The credential id, once `type` is `public-key`, `rawId` is base64url and `id` is the same bytes.
    public func credentialID() throws(PasskeyFailure) -> [UInt8] {
        guard type == "public-key" else { throw .notPublicKeyCredential }
        guard let raw = Base64URL.decode(rawId) else { throw .malformedBase64URL(field: "rawId") }
        guard Base64URL.decode(id) == raw else { throw .credentialIDMismatch }
        return raw
    }
}

/// A registration's `toJSON()` (`RegistrationResponseJSON`).
public typealias RegistrationResponseJSON = PublicKeyCredentialJSON<AttestationResponseJSON>

/// An assertion's `toJSON()` (`AuthenticationResponseJSON`).
public typealias AuthenticationResponseJSON = PublicKeyCredentialJSON<AssertionResponseJSON>

/// `AuthenticatorAttestationResponseJSON`: what `navigator.credentials.create()` answered.
public struct AttestationResponseJSON: Codable, Equatable, Sendable {
    public var clientDataJSON: String
    public var attestationObject: String
    public var transports: [String]?

    public init(clientDataJSON: String, attestationObject: String, transports: [String]? = nil) {
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = transports
    }
}

/// `AuthenticatorAssertionResponseJSON`: what `navigator.credentials.get()` answered.
public struct AssertionResponseJSON: Codable, Equatable, Sendable {
    public var clientDataJSON: String
    public var authenticatorData: String
    public var signature: String
    public var userHandle: String?

    public init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String? = nil) {
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}
