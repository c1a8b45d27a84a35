import Foundation

/// Why an account store refused a write.
public enum AccountStoreError: Error, Equatable, Sendable {
    /// Another account has the same name after `AccountName.canonical`.
    case nameTaken
    /// A passkey with that credential id is already registered.
    case credentialExists
    /// No account has that id.
    case accountNotFound
}

/// Where accounts, their passkeys, sessions, pending challenges and blocks live: none of it in a
/// match's log. Every store (memory, SQLite, PostgreSQL) keeps the same promises, which
/// `AccountStoreContract` checks; the ones a cluster depends on are conditional writes in the
/// database, not reads followed by writes.
public protocol AccountStore: Sendable {
    /// Adds `account` with its first passkey, both or neither.
    /// - Throws: `nameTaken` when the canonical name is another account's, `credentialExists`.
    func createAccount(_ account: Account, passkey: PasskeyRecord) async throws
    func account(id: String) async throws -> Account?
    /// The account whose canonical name is `AccountName.canonical(name)`.
    func account(named name: String) async throws -> Account?
    func passkey(id: [UInt8]) async throws -> PasskeyRecord?
    /// Sets the passkey's counter to `new` only if it still is `old`: of two sign-ins with one counter
    /// value (a cloned authenticator, or a replay racing on two servers), one moves it.
    func updateSignCount(passkeyID: [UInt8], from old: UInt32, to new: UInt32) async throws -> Bool

    func saveChallenge(_ challenge: PasskeyChallenge) async throws
    /// Removes the challenge whose hash is `hash` and returns it if it had not expired at `now`: one
    /// caller gets it, even when several servers ask at once.
    func takeChallenge(hash: [UInt8], now: Date) async throws -> PasskeyChallenge?

    /// Starts a session for `accountID`, used last at `now`.
    func createSession(tokenHash: [UInt8], accountID: String, now: Date) async throws
    /// The account of the session if it was used within `lifetime` before `now`; marks it used at `now`.
    func account(sessionTokenHash: [UInt8], now: Date, lifetime: TimeInterval) async throws -> Account?
    func deleteSession(tokenHash: [UInt8]) async throws

    /// `blocker` blocks `blocked` (again: no change).
    func block(_ blocked: String, by blocker: String, at: Date) async throws
    func unblock(_ blocked: String, by blocker: String) async throws
    /// The accounts `blocker` blocks, by name.
    func blockedAccounts(by blocker: String) async throws -> [Account]
    /// Whether either of two accounts blocks the other: what pairing asks, in one look.
    func eitherBlocks(_ first: String, _ second: String) async throws -> Bool

    /// Removes sessions unused for `sessionLifetime` and expired challenges; how many rows went.
    func removeExpired(now: Date, sessionLifetime: TimeInterval) async throws -> Int
}

/// How long a session lasts from its last use (issue 41: 30 days).
public enum SessionPolicy {
    public static let lifetime: TimeInterval = 30 * 24 * 60 * 60
}
