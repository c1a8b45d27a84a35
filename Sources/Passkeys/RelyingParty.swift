import Crypto

/// Who the credentials are for: the RP ID (a host, §5.1.2 "rp.id") and the origins whose pages may use them.
public struct RelyingParty: Equatable, Sendable {
    /// The RP ID, the page's host: the authenticator data carries SHA-256 of it.
    public let id: String
    /// The exact origins (`scheme://host[:port]`) a ceremony's `clientDataJSON.origin` may be.
    public let origins: Set<String>

    public init(id: String, origins: Set<String>) {
        self.id = id
        self.origins = origins
    }

    /// §7.1 step 15 and §7.2 step 16, and the flags both ceremonies check.
    func check(_ authenticatorData: AuthenticatorData, userVerificationRequired: Bool) throws(PasskeyFailure) {
        guard authenticatorData.rpIDHash == Array(SHA256.hash(data: Array(id.utf8))) else { throw .rpIDHashMismatch }
        let flags = authenticatorData.flags
        guard flags.contains(.userPresent) else { throw .userNotPresent }
        guard flags.contains(.userVerified) || !userVerificationRequired else { throw .userNotVerified }
        guard flags.contains(.backupEligible) || !flags.contains(.backupState) else { throw .backupStateWithoutEligibility }
    }
}
