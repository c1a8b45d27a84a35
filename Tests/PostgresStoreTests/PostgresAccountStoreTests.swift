import AccountStoreContract
import Accounts
import Foundation
import Testing

/// The whole `AccountStore` contract against PostgreSQL, and what two servers on one database share:
/// a session made on one is good on the other, a challenge issued by one is taken once by either.
@Suite("AccountStore contract: PostgreSQL", .serialized, .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct PostgresAccountStoreTests {
    @Test(arguments: AccountStoreContract.checks)
    func contract(check: AccountStoreContract.Check) async throws {
        try await TestDatabase.withSchema { schema in
            let store = try await TestDatabase.openStore(schema: schema)
            do {
                try await check.run(on: store.makeAccountStore())
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
    }

    @Test("A session made on one server is good on another; logging out on either ends it")
    func test_session_crossesServers() async throws {
        try await TestDatabase.withTwoStores { first, second in
            let (account, _) = try await AccountStoreContract.register("Ann", in: first.makeAccountStore())
            let token = AccountSecrets.hash(token: AccountSecrets.newSessionToken())
            let now = Date()
            try await first.makeAccountStore().createSession(tokenHash: token, accountID: account.id, now: now)
            #expect(
                try await second.makeAccountStore().account(sessionTokenHash: token, now: now, lifetime: SessionPolicy.lifetime) == account)
            try await second.makeAccountStore().deleteSession(tokenHash: token)
            #expect(try await first.makeAccountStore().account(sessionTokenHash: token, now: now, lifetime: SessionPolicy.lifetime) == nil)
        }
    }

    @Test("A challenge issued by one server is finished once, by whichever of two asks first")
    func test_challenge_takenOnceAcrossServers() async throws {
        try await TestDatabase.withTwoStores { first, second in
            // Whole seconds: PostgreSQL keeps microseconds, and the challenge read back is compared whole.
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())
            for _ in 0..<20 {
                let (_, challenge) = PasskeyChallenge.issue(for: .login, at: now)
                try await first.makeAccountStore().saveChallenge(challenge)
                async let byFirst = first.makeAccountStore().takeChallenge(hash: challenge.hash, now: now)
                async let bySecond = second.makeAccountStore().takeChallenge(hash: challenge.hash, now: now)
                let taken = [try await byFirst, try await bySecond].compactMap { $0 }
                #expect(taken == [challenge])
            }
        }
    }

    @Test("Two servers registering one name at once: one account")
    func test_sameName_registeredOnTwoServers_oneAccount() async throws {
        try await TestDatabase.withTwoStores { first, second in
            let (ann, annKey) = AccountStoreContract.newAccount("Ann")
            let (other, otherKey) = AccountStoreContract.newAccount("ANN")
            let outcomes = try await withThrowingTaskGroup(of: AccountStoreError?.self) { group in
                for (store, account, passkey) in [(first, ann, annKey), (second, other, otherKey)] {
                    group.addTask {
                        do {
                            try await store.makeAccountStore().createAccount(account, passkey: passkey)
                            return nil
                        } catch let error as AccountStoreError { return error }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == nil }.count == 1)
            #expect(outcomes.contains(.nameTaken))
        }
    }
}
