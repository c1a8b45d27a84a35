import Foundation

/// An `AccountStore` in memory, for tests and for a server run without a durable store.
public actor InMemoryAccountStore: AccountStore {
    private var accounts: [String: Account] = [:]
    private var idsByCanonicalName: [String: String] = [:]
    private var passkeys: [[UInt8]: PasskeyRecord] = [:]
    private var challenges: [[UInt8]: PasskeyChallenge] = [:]
    private var sessions: [[UInt8]: (accountID: String, lastUsed: Date)] = [:]
    private var blocks: [String: [String: Date]] = [:]

    public init() {}

    public func createAccount(_ account: Account, passkey: PasskeyRecord) throws {
        guard idsByCanonicalName[account.canonicalName] == nil else { throw AccountStoreError.nameTaken }
        guard passkeys[passkey.id] == nil else { throw AccountStoreError.credentialExists }
        accounts[account.id] = account
        idsByCanonicalName[account.canonicalName] = account.id
        passkeys[passkey.id] = passkey
    }

    public func account(id: String) -> Account? { accounts[id] }

    public func account(named name: String) -> Account? {
        idsByCanonicalName[AccountName.canonical(name)].flatMap { accounts[$0] }
    }

    public func passkey(id: [UInt8]) -> PasskeyRecord? { passkeys[id] }

    public func updateSignCount(passkeyID: [UInt8], from old: UInt32, to new: UInt32) -> Bool {
        guard let passkey = passkeys[passkeyID], passkey.signCount == old else { return false }
        passkeys[passkeyID] = PasskeyRecord(
            id: passkey.id, accountID: passkey.accountID, publicKeyCOSE: passkey.publicKeyCOSE, signCount: new, createdAt: passkey.createdAt
        )
        return true
    }

    public func saveChallenge(_ challenge: PasskeyChallenge) { challenges[challenge.hash] = challenge }

    public func takeChallenge(hash: [UInt8], now: Date) -> PasskeyChallenge? {
        guard let challenge = challenges.removeValue(forKey: hash), challenge.expiresAt > now else { return nil }
        return challenge
    }

    public func createSession(tokenHash: [UInt8], accountID: String, now: Date) throws {
        guard accounts[accountID] != nil else { throw AccountStoreError.accountNotFound }
        sessions[tokenHash] = (accountID, now)
    }

    public func account(sessionTokenHash: [UInt8], now: Date, lifetime: TimeInterval) -> Account? {
        guard let session = sessions[sessionTokenHash], session.lastUsed > now - lifetime else { return nil }
        sessions[sessionTokenHash] = (session.accountID, now)
        return accounts[session.accountID]
    }

    public func deleteSession(tokenHash: [UInt8]) { sessions[tokenHash] = nil }

    public func block(_ blocked: String, by blocker: String, at: Date) throws {
        guard accounts[blocked] != nil, accounts[blocker] != nil else { throw AccountStoreError.accountNotFound }
        if blocks[blocker]?[blocked] == nil { blocks[blocker, default: [:]][blocked] = at }
    }

    public func unblock(_ blocked: String, by blocker: String) { blocks[blocker]?[blocked] = nil }

    public func blockedAccounts(by blocker: String) -> [Account] {
        (blocks[blocker] ?? [:]).keys.compactMap { accounts[$0] }.sorted { $0.canonicalName < $1.canonicalName }
    }

    public func eitherBlocks(_ first: String, _ second: String) -> Bool {
        blocks[first]?[second] != nil || blocks[second]?[first] != nil
    }

    public func removeExpired(now: Date, sessionLifetime: TimeInterval) -> Int {
        let before = sessions.count + challenges.count
        sessions = sessions.filter { $0.value.lastUsed > now - sessionLifetime }
        challenges = challenges.filter { $0.value.expiresAt > now }
        return before - sessions.count - challenges.count
    }
}
