import AccountStoreContract
import Accounts
import Foundation
import SQLiteStore
import Testing

/// The whole `AccountStore` contract against the accounts of a SQLite store file, and what the file
/// keeps across a reopen.
@Suite("AccountStore contract: SQLite")
struct SQLiteAccountStoreTests {
    @Test(arguments: AccountStoreContract.checks)
    func contract(check: AccountStoreContract.Check) async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            try await check.run(on: store.makeAccountStore())
            try await store.close()
        }
    }

    @Test("Accounts and sessions are in the file: a reopened store signs the same session in")
    func test_reopen_keepsAccountsAndSessions() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            let (account, passkey) = try await AccountStoreContract.register("Ann", in: store.makeAccountStore())
            let token = AccountSecrets.hash(token: AccountSecrets.newSessionToken())
            try await store.makeAccountStore().createSession(tokenHash: token, accountID: account.id, now: AccountStoreContract.start)
            try await store.close()

            let reopened = try SQLiteMatchStore(path: path)
            let accounts = reopened.makeAccountStore()
            #expect(try await accounts.passkey(id: passkey.id) == passkey)
            #expect(
                try await accounts.account(sessionTokenHash: token, now: AccountStoreContract.start + 1, lifetime: SessionPolicy.lifetime)
                    == account)
            try await reopened.close()
        }
    }
}
