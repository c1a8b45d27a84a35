import Foundation
import Passkeys

/// A registered player: a name nobody else may take, and the passkeys that sign in to it.
public struct Account: Equatable, Sendable {
    /// The WebAuthn user handle (`user.id`, 16 random bytes) as base64url: the account's id
    /// everywhere, on the wire (`player.id`) and in the stores. It says nothing about the person.
    public let id: String
    /// The name as its owner typed it (trimmed), shown to everyone.
    public let name: String
    public let createdAt: Date

    public init(id: String, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    /// `AccountName.canonical(name)`: what the stores keep unique.
    public var canonicalName: String { AccountName.canonical(name) }

    /// A new account id: 16 random bytes from the system's generator.
    public static func newID() -> String {
        Base64URL.encode(AccountSecrets.randomBytes(count: 16))
    }
}

/// A passkey of an account, as the stores keep it.
public struct PasskeyRecord: Equatable, Sendable {
    public let id: [UInt8]
    public let accountID: String
    /// The COSE key as the authenticator wrote it at registration.
    public let publicKeyCOSE: [UInt8]
    public let signCount: UInt32
    public let createdAt: Date

    public init(id: [UInt8], accountID: String, publicKeyCOSE: [UInt8], signCount: UInt32, createdAt: Date) {
        self.id = id
        self.accountID = accountID
        self.publicKeyCOSE = publicKeyCOSE
        self.signCount = signCount
        self.createdAt = createdAt
    }

    /// What assertion verification compares an assertion with.
    public var stored: StoredCredential {
        StoredCredential(id: id, publicKeyCOSE: publicKeyCOSE, signCount: signCount, userHandle: Base64URL.decode(accountID) ?? [])
    }
}
