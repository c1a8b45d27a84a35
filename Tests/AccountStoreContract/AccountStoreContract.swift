import Accounts
import Foundation
import Testing

/// The contract of `AccountStore` as checks that any store's test target runs against its own
/// stores, each check on a new, empty store that the caller opens and closes (as `MatchStoreContract`
/// does for matches):
///
///     @Test(arguments: AccountStoreContract.checks)
///     func accounts(_ check: AccountStoreContract.Check) async throws {
///         try await check.run(on: MyStore(…))
///     }
public enum AccountStoreContract {
    /// One check of the contract, named after what it checks.
    public struct Check: Sendable, Identifiable, CustomTestStringConvertible {
        public let id: String
        fileprivate let body: @Sendable (any AccountStore) async throws -> Void

        public var testDescription: String { id }

        /// Runs the check on `store`, new and empty.
        public func run(on store: any AccountStore) async throws {
            try await body(store)
        }
    }

    public static let checks: [Check] = [
        Check(id: "createAccount_readsBackByIdNameAndPasskey", body: createAccount_readsBackByIdNameAndPasskey),
        Check(
            id: "createAccount_nameTakenAfterNormalisation_createsNothing", body: createAccount_nameTakenAfterNormalisation_createsNothing),
        Check(id: "createAccount_credentialExists_createsNothing", body: createAccount_credentialExists_createsNothing),
        Check(id: "updateSignCount_onlyFromTheStoredValue", body: updateSignCount_onlyFromTheStoredValue),
        Check(id: "takeChallenge_onceAndOnlyBeforeExpiry", body: takeChallenge_onceAndOnlyBeforeExpiry),
        Check(id: "takeChallenge_concurrently_oneTakerOnly", body: takeChallenge_concurrently_oneTakerOnly),
        Check(id: "session_lastsFromLastUse_andEndsWhenDeleted", body: session_lastsFromLastUse_andEndsWhenDeleted),
        Check(id: "blocks_addListRemove", body: blocks_addListRemove),
        Check(id: "removeExpired_removesOnlyExpired", body: removeExpired_removesOnlyExpired),
    ]

    /// The date the checks start at.
    public static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A new account named `name` with a passkey, not stored.
    public static func newAccount(_ name: String) -> (Account, PasskeyRecord) {
        let account = Account(id: Account.newID(), name: name, createdAt: start)
        let passkey = PasskeyRecord(
            id: AccountSecrets.randomBytes(count: 16), accountID: account.id, publicKeyCOSE: [0xA0, 1, 2, 3], signCount: 7, createdAt: start
        )
        return (account, passkey)
    }

    @discardableResult
    /// A new account named `name` with a passkey, stored in `store`.
    public static func register(_ name: String, in store: any AccountStore) async throws -> (Account, PasskeyRecord) {
        let (account, passkey) = newAccount(name)
        try await store.createAccount(account, passkey: passkey)
        return (account, passkey)
    }

    private static func createAccount_readsBackByIdNameAndPasskey(_ store: any AccountStore) async throws {
        let (account, passkey) = try await register("Ann", in: store)
        #expect(try await store.account(id: account.id) == account)
        #expect(try await store.account(named: "ANN") == account)
        #expect(try await store.passkey(id: passkey.id) == passkey)
        #expect(try await store.account(id: Account.newID()) == nil)
        #expect(try await store.account(named: "Bob") == nil)
        #expect(try await store.passkey(id: [1, 2, 3]) == nil)
    }

    private static func createAccount_nameTakenAfterNormalisation_createsNothing(_ store: any AccountStore) async throws {
        try await register("Straße", in: store)
        for lookAlike in ["STRASSE", "strasse", "Ｓｔｒａｓｓｅ"] {
            let (account, passkey) = newAccount(lookAlike)
            await #expect(throws: AccountStoreError.nameTaken) { try await store.createAccount(account, passkey: passkey) }
            #expect(try await store.account(id: account.id) == nil)
            #expect(try await store.passkey(id: passkey.id) == nil)
        }
    }

    private static func createAccount_credentialExists_createsNothing(_ store: any AccountStore) async throws {
        let (_, passkey) = try await register("Ann", in: store)
        let (other, _) = newAccount("Bob")
        let reused = PasskeyRecord(id: passkey.id, accountID: other.id, publicKeyCOSE: [0xA0], signCount: 0, createdAt: start)
        await #expect(throws: AccountStoreError.credentialExists) { try await store.createAccount(other, passkey: reused) }
        #expect(try await store.account(named: "Bob") == nil)
    }

    private static func updateSignCount_onlyFromTheStoredValue(_ store: any AccountStore) async throws {
        let (_, passkey) = try await register("Ann", in: store)
        #expect(try await store.updateSignCount(passkeyID: passkey.id, from: 7, to: 8))
        #expect(try await store.updateSignCount(passkeyID: passkey.id, from: 7, to: 9) == false)
        #expect(try await store.passkey(id: passkey.id)?.signCount == 8)
        #expect(try await store.updateSignCount(passkeyID: [9], from: 0, to: 1) == false)
    }

    private static func takeChallenge_onceAndOnlyBeforeExpiry(_ store: any AccountStore) async throws {
        let (bytes, challenge) = PasskeyChallenge.issue(for: .registration(name: "Ann", accountID: Account.newID()), at: start)
        try await store.saveChallenge(challenge)
        #expect(try await store.takeChallenge(hash: AccountSecrets.hash(bytes), now: start + 1) == challenge)
        #expect(try await store.takeChallenge(hash: AccountSecrets.hash(bytes), now: start + 1) == nil)

        let (_, login) = PasskeyChallenge.issue(for: .login, at: start)
        try await store.saveChallenge(login)
        #expect(try await store.takeChallenge(hash: login.hash, now: login.expiresAt) == nil)
        #expect(try await store.takeChallenge(hash: login.hash, now: start) == nil, "an expired challenge is gone, not kept for later")
        #expect(PasskeyChallenge.lifetime < 5 * 60)
    }

    private static func takeChallenge_concurrently_oneTakerOnly(_ store: any AccountStore) async throws {
        let (_, challenge) = PasskeyChallenge.issue(for: .login, at: start)
        try await store.saveChallenge(challenge)
        let taken = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 { group.addTask { try await store.takeChallenge(hash: challenge.hash, now: start) != nil } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(taken == 1)
    }

    private static func session_lastsFromLastUse_andEndsWhenDeleted(_ store: any AccountStore) async throws {
        let (account, _) = try await register("Ann", in: store)
        let token = AccountSecrets.hash(token: AccountSecrets.newSessionToken())
        let day: TimeInterval = 24 * 60 * 60
        try await store.createSession(tokenHash: token, accountID: account.id, now: start)
        #expect(try await store.account(sessionTokenHash: token, now: start + 29 * day, lifetime: 30 * day) == account)
        // Used on day 29, so it lasts until day 59.
        #expect(try await store.account(sessionTokenHash: token, now: start + 58 * day, lifetime: 30 * day) == account)
        #expect(try await store.account(sessionTokenHash: token, now: start + 89 * day, lifetime: 30 * day) == nil)
        #expect(try await store.account(sessionTokenHash: AccountSecrets.hash([1]), now: start, lifetime: 30 * day) == nil)

        let second = AccountSecrets.hash(token: AccountSecrets.newSessionToken())
        try await store.createSession(tokenHash: second, accountID: account.id, now: start)
        try await store.deleteSession(tokenHash: second)
        #expect(try await store.account(sessionTokenHash: second, now: start, lifetime: 30 * day) == nil)
    }

    private static func blocks_addListRemove(_ store: any AccountStore) async throws {
        let (ann, _) = try await register("Ann", in: store)
        let (bob, _) = try await register("bob", in: store)
        let (cid, _) = try await register("Cid", in: store)
        try await store.block(cid.id, by: ann.id, at: start)
        try await store.block(bob.id, by: ann.id, at: start)
        try await store.block(bob.id, by: ann.id, at: start + 1)
        #expect(try await store.blockedAccounts(by: ann.id) == [bob, cid])
        #expect(try await store.blockedAccounts(by: bob.id) == [])
        #expect(try await store.eitherBlocks(ann.id, bob.id))
        #expect(try await store.eitherBlocks(bob.id, ann.id))
        #expect(try await !store.eitherBlocks(bob.id, cid.id))
        try await store.unblock(bob.id, by: ann.id)
        try await store.unblock(bob.id, by: ann.id)
        #expect(try await store.blockedAccounts(by: ann.id) == [cid])
        #expect(try await !store.eitherBlocks(ann.id, bob.id))
    }

    private static func removeExpired_removesOnlyExpired(_ store: any AccountStore) async throws {
        let (account, _) = try await register("Ann", in: store)
        let old = AccountSecrets.hash([1])
        let fresh = AccountSecrets.hash([2])
        try await store.createSession(tokenHash: old, accountID: account.id, now: start)
        try await store.createSession(tokenHash: fresh, accountID: account.id, now: start + 100)
        let (_, expired) = PasskeyChallenge.issue(for: .login, at: start)
        let (_, pending) = PasskeyChallenge.issue(for: .login, at: start + 100)
        try await store.saveChallenge(expired)
        try await store.saveChallenge(pending)
        #expect(try await store.removeExpired(now: start + PasskeyChallenge.lifetime + 50, sessionLifetime: 300) == 2)
        #expect(try await store.account(sessionTokenHash: fresh, now: start + 101, lifetime: 60) == account)
        #expect(try await store.takeChallenge(hash: pending.hash, now: start + 101) == pending)
    }
}
