import Foundation
import RatingStore
import RatingStoreContract
import Testing

/// The whole `RatingStore` contract against PostgreSQL, and what two servers on one database share:
/// a rated game applied by both at once is applied once, and each gets the stored outcome.
@Suite("RatingStore contract: PostgreSQL", .serialized, .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct PostgresRatingStoreTests {
    @Test(arguments: RatingStoreContract.checks)
    func contract(check: RatingStoreContract.Check) async throws {
        try await TestDatabase.withSchema { schema in
            let store = try await TestDatabase.openStore(schema: schema)
            do {
                try await check.run(on: store.makeRatingStore(), accounts: store.makeAccountStore())
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
    }

    @Test("Two servers applying the same rated game at once: one applies it, both answer the stored outcome")
    func test_sameGame_onTwoServersAtOnce_appliedOnce() async throws {
        try await TestDatabase.withTwoStores { first, second in
            let ann = try await RatingStoreContract.player("Ann", in: first.makeAccountStore())
            let bob = try await RatingStoreContract.player("Bob", in: second.makeAccountStore())
            for number in 1...20 {
                let game = RatingStoreContract.game(
                    ann, bob, number % 3 == 0 ? .draw : .player1Won, number: number, at: RatingStoreContract.start + Double(number) * 60)
                async let byFirst = first.makeRatingStore().apply(game)
                async let bySecond = second.makeRatingStore().apply(game)
                let (one, other) = try await (byFirst, bySecond)
                #expect(one == other)
                #expect(try await first.makeRatingStore().ratedGame(matchID: game.matchID, gameNumber: number) == one)
            }
            #expect(try await second.makeRatingStore().ratings(of: ann.accountID).map(\.games) == [20])
            #expect(try await first.makeRatingStore().ratings(of: bob.accountID).map(\.games) == [20])
        }
    }

    @Test("Two servers rating different games of one player at once lose neither: both games count")
    func test_differentGamesOfOnePlayer_onTwoServers_bothCount() async throws {
        try await TestDatabase.withTwoStores { first, second in
            let ann = try await RatingStoreContract.player("Ann", in: first.makeAccountStore())
            let bob = try await RatingStoreContract.player("Bob", in: first.makeAccountStore())
            let cid = try await RatingStoreContract.player("Cid", in: first.makeAccountStore())
            for number in 1...10 {
                let at = RatingStoreContract.start + Double(number) * 60
                async let withBob = first.makeRatingStore().apply(
                    RatingStoreContract.game(ann, bob, .player1Won, match: "match-bob", number: number, at: at))
                async let withCid = second.makeRatingStore().apply(
                    RatingStoreContract.game(cid, ann, .player2Won, match: "match-cid", number: number, at: at))
                let (one, other) = try await (withBob, withCid)
                // One of the two started from the other's result: Ann's rating never went back.
                #expect(one.player1.before == other.player2.after || other.player2.before == one.player1.after)
            }
            let rating = try #require(try await first.makeRatingStore().ratings(of: ann.accountID).first)
            #expect([rating.games, rating.wins] as [Int] == [20, 20])
        }
    }

    @Test("A game of an account the database does not have is refused, writing nothing")
    func test_unknownAccount_refused() async throws {
        try await TestDatabase.withSchema { schema in
            let store = try await TestDatabase.openStore(schema: schema)
            let ann = try await RatingStoreContract.player("Ann", in: store.makeAccountStore())
            let ghost = RatedPlayer(accountID: "no-such-account", name: "Ghost")
            await #expect(throws: RatingStoreError.accountNotFound) {
                try await store.makeRatingStore().apply(RatingStoreContract.game(ann, ghost, .player1Won))
            }
            #expect(try await store.makeRatingStore().ratings(of: ann.accountID).isEmpty)
            try await store.close()
        }
    }
}
