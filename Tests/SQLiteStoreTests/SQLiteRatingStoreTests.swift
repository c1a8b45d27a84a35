import AccountStoreContract
import Accounts
import Foundation
import RatingStore
import RatingStoreContract
import SQLiteStore
import Testing

/// The whole `RatingStore` contract against the ratings of a SQLite store file, and what only a
/// store with accounts can promise.
@Suite("RatingStore contract: SQLite")
struct SQLiteRatingStoreTests {
    @Test(arguments: RatingStoreContract.checks)
    func contract(check: RatingStoreContract.Check) async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            try await check.run(on: store.makeRatingStore(), accounts: store.makeAccountStore())
            try await store.close()
        }
    }

    @Test("A game of an account the file does not have is refused, writing nothing")
    func test_unknownAccount_refused() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            let ann = try await RatingStoreContract.player("Ann", in: store.makeAccountStore())
            let ghost = RatedPlayer(accountID: "no-such-account", name: "Ghost")
            await #expect(throws: RatingStoreError.accountNotFound) {
                try await store.makeRatingStore().apply(RatingStoreContract.game(ann, ghost, .player1Won))
            }
            #expect(try await store.makeRatingStore().ratings(of: ann.accountID).isEmpty)
            try await store.close()
        }
    }

    @Test("A rated game applied before a restart is the same record after it, and is not applied again")
    func test_reopen_keepsRatedGame_andAppliesNothingTwice() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            let ann = try await RatingStoreContract.player("Ann", in: store.makeAccountStore())
            let bob = try await RatingStoreContract.player("Bob", in: store.makeAccountStore())
            let first = try await store.makeRatingStore().apply(RatingStoreContract.game(ann, bob, .player2Won))
            try await store.close()

            let reopened = try SQLiteMatchStore(path: path)
            #expect(try await reopened.makeRatingStore().apply(RatingStoreContract.game(ann, bob, .player2Won)) == first)
            #expect(try await reopened.makeRatingStore().ratings(of: bob.accountID).map(\.games) == [1])
            try await reopened.close()
        }
    }
}
