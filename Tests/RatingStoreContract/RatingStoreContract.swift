import AccountStoreContract
import Accounts
import Foundation
import RatingStore
import Ratings
import Testing

/// The contract of `RatingStore` as checks that any store's test target runs against its own
/// stores, each on a new, empty store with the account store beside it (the durable stores rate
/// only stored accounts):
///
///     @Test(arguments: RatingStoreContract.checks)
///     func ratings(_ check: RatingStoreContract.Check) async throws {
///         try await check.run(on: store.makeRatingStore(), accounts: store.makeAccountStore())
///     }
public enum RatingStoreContract {
    public struct Check: Sendable, Identifiable, CustomTestStringConvertible {
        public let id: String
        fileprivate let body: @Sendable (any RatingStore, any AccountStore) async throws -> Void

        public var testDescription: String { id }

        public func run(on store: any RatingStore, accounts: any AccountStore) async throws {
            try await body(store, accounts)
        }
    }

    public static let checks: [Check] = [
        Check(id: "apply_firstGame_ratesBothAsNewPlayers", body: apply_firstGame_ratesBothAsNewPlayers),
        Check(id: "apply_sameGameAgain_changesNothing_returnsStoredOutcome", body: apply_sameGameAgain_changesNothing_returnsStoredOutcome),
        Check(id: "apply_sameGameConcurrently_appliesOnce", body: apply_sameGameConcurrently_appliesOnce),
        Check(id: "apply_laterGame_growsDeviationSinceLastRatedGame", body: apply_laterGame_growsDeviationSinceLastRatedGame),
        Check(id: "apply_refused_writesNothing", body: apply_refused_writesNothing),
        Check(id: "ratings_onePerGameID_countingWinsLossesDraws", body: ratings_onePerGameID_countingWinsLossesDraws),
        Check(id: "leaderboard_rankableOnly_highestFirst_tiesByName", body: leaderboard_rankableOnly_highestFirst_tiesByName),
        Check(id: "recentGames_newestFirst_limited", body: recentGames_newestFirst_limited),
    ]

    /// Whole seconds: PostgreSQL keeps microseconds and SQLite milliseconds, and records are compared whole.
    public static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A stored account named `name`, as a rated game names it.
    public static func player(_ name: String, in accounts: any AccountStore) async throws -> RatedPlayer {
        let (account, _) = try await AccountStoreContract.register(name, in: accounts)
        return RatedPlayer(accountID: account.id, name: account.name)
    }

    public static func game(
        _ first: RatedPlayer, _ second: RatedPlayer, _ result: RatedResult, match: String = "match-0001", number: Int = 1,
        gameID: String = "kalah", at date: Date = start
    ) -> RatedGame {
        RatedGame(matchID: match, gameNumber: number, gameID: gameID, player1: first, player2: second, result: result, endedAt: date)
    }

    private static func apply_firstGame_ratesBothAsNewPlayers(_ store: any RatingStore, _ accounts: any AccountStore) async throws {
        let ann = try await player("Ann", in: accounts)
        let bob = try await player("Bob", in: accounts)
        let record = try await store.apply(game(ann, bob, .player1Won))
        let rules = RatingRules.lichess
        let new = RatedStanding(standing: rules.newPlayer, lastRatedAt: nil)
        let (first, second) = rules.rate(new, new, result: .win, endedAt: start)
        #expect(record.game == game(ann, bob, .player1Won))
        #expect(record.player1 == RatingChange(before: 1500, after: first.rating, deviationAfter: first.deviation, provisional: true))
        #expect(record.player2 == RatingChange(before: 1500, after: second.rating, deviationAfter: second.deviation, provisional: true))
        #expect(WireRounding.halfUp(record.player1.after) == 1742)
        #expect(
            try await store.ratings(of: ann.accountID) == [
                PlayerRating(
                    gameID: "kalah", rating: first.rating, deviation: first.deviation, volatility: first.volatility, games: 1, wins: 1,
                    losses: 0, draws: 0, lastRatedAt: start)
            ])
        #expect(try await store.ratings(of: bob.accountID).map { [$0.games, $0.wins, $0.losses, $0.draws] } == [[1, 0, 1, 0]])
        #expect(try await store.ratedGame(matchID: "match-0001", gameNumber: 1) == record)
        #expect(try await store.ratedGame(matchID: "match-0001", gameNumber: 2) == nil)
    }

    private static func apply_sameGameAgain_changesNothing_returnsStoredOutcome(_ store: any RatingStore, _ accounts: any AccountStore)
        async throws
    {
        let ann = try await player("Ann", in: accounts)
        let bob = try await player("Bob", in: accounts)
        let first = try await store.apply(game(ann, bob, .player1Won))
        let ratings = try await store.ratings(of: ann.accountID)
        // A retry, a replay after a crash, even a different result or time: the first write stands.
        #expect(try await store.apply(game(ann, bob, .player1Won)) == first)
        #expect(try await store.apply(game(ann, bob, .player2Won, at: start + 3600)) == first)
        #expect(try await store.ratings(of: ann.accountID) == ratings)
        #expect(try await store.ratings(of: bob.accountID).map(\.games) == [1])
        #expect(try await store.recentGames(of: ann.accountID, limit: 20) == [first])
    }

    private static func apply_sameGameConcurrently_appliesOnce(_ store: any RatingStore, _ accounts: any AccountStore) async throws {
        let ann = try await player("Ann", in: accounts)
        let bob = try await player("Bob", in: accounts)
        for number in 1...5 {
            let rated = game(ann, bob, .draw, number: number, at: start + Double(number) * 60)
            let records = try await withThrowingTaskGroup(of: RatedGameRecord.self) { group in
                for _ in 0..<8 { group.addTask { try await store.apply(rated) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(records.map(\.player1.after)).count == 1)
            #expect(records.allSatisfy { $0 == records[0] })
        }
        #expect(try await store.ratings(of: ann.accountID).map { [$0.games, $0.draws] } == [[5, 5]])
        #expect(try await store.recentGames(of: bob.accountID, limit: 20).count == 5)
    }

    private static func apply_laterGame_growsDeviationSinceLastRatedGame(_ store: any RatingStore, _ accounts: any AccountStore)
        async throws
    {
        let ann = try await player("Ann", in: accounts)
        let bob = try await player("Bob", in: accounts)
        let cid = try await player("Cid", in: accounts)
        _ = try await store.apply(game(ann, bob, .player1Won))
        let annAfterFirst = try #require(try await store.ratings(of: ann.accountID).first)
        let later = start + 10 * 86_400
        let second = try await store.apply(game(cid, ann, .player1Won, match: "match-0002", at: later))
        let rules = RatingRules.lichess
        let (cidAfter, annAfter) = rules.rate(
            RatedStanding(standing: rules.newPlayer, lastRatedAt: nil),
            RatedStanding(standing: annAfterFirst.standing, lastRatedAt: start), result: .win, endedAt: later)
        #expect(second.player2.before == annAfterFirst.rating)
        #expect(second.player2.after == annAfter.rating)
        #expect(second.player2.deviationAfter == annAfter.deviation)
        #expect(second.player1.after == cidAfter.rating)
        let ratings = try #require(try await store.ratings(of: ann.accountID).first)
        #expect([ratings.games, ratings.wins, ratings.losses] as [Int] == [2, 1, 1])
        #expect(ratings.lastRatedAt == later)
        #expect(ratings.volatility == annAfter.volatility)
    }

    private static func apply_refused_writesNothing(_ store: any RatingStore, _ accounts: any AccountStore) async throws {
        let ann = try await player("Ann", in: accounts)
        let bob = try await player("Bob", in: accounts)
        await #expect(throws: RatingStoreError.samePlayer) { try await store.apply(game(ann, ann, .draw)) }
        await #expect(throws: RatingStoreError.badGame) { try await store.apply(game(ann, bob, .draw, number: 0)) }
        await #expect(throws: RatingStoreError.badGame) { try await store.apply(game(ann, bob, .draw, gameID: "")) }
        #expect(try await store.ratings(of: ann.accountID).isEmpty)
        #expect(try await store.recentGames(of: ann.accountID, limit: 20).isEmpty)
        #expect(try await store.ratedGame(matchID: "match-0001", gameNumber: 1) == nil)
        // The key is still free: the game is rated when it comes right.
        #expect(try await store.apply(game(ann, bob, .draw)).game.result == .draw)
    }

    private static func ratings_onePerGameID_countingWinsLossesDraws(_ store: any RatingStore, _ accounts: any AccountStore) async throws {
        let ann = try await player("Ann", in: accounts)
        let bob = try await player("Bob", in: accounts)
        _ = try await store.apply(game(ann, bob, .player1Won, number: 1, gameID: "kalah"))
        _ = try await store.apply(game(bob, ann, .player1Won, number: 2, gameID: "kalah", at: start + 60))
        _ = try await store.apply(game(ann, bob, .draw, number: 3, gameID: "kalah", at: start + 120))
        _ = try await store.apply(game(bob, ann, .player2Won, number: 4, gameID: "connectFour", at: start + 180))
        let ratings = try await store.ratings(of: ann.accountID).sorted { $0.gameID < $1.gameID }
        #expect(ratings.map(\.gameID) == ["connectFour", "kalah"])
        #expect(ratings.map { [$0.games, $0.wins, $0.losses, $0.draws] } == [[1, 1, 0, 0], [3, 1, 1, 1]])
        // A first game in a game id starts from a new player's rating, whatever the other game ids say.
        #expect(try await store.ratedGame(matchID: "match-0001", gameNumber: 4)?.player2.before == 1500)
    }

    /// Four players made rankable (RD ≤ 75: 68 games each; RD is 74.99 after 60) in mirrored pairs, so
    /// that "ann" and "Bob"
    /// end with exactly the same rating, as do "Cid" and "dee"; "Eve" beats "Fay" once (provisional).
    /// Returns Eve.
    @discardableResult
    public static func fillLeaderboard(_ store: any RatingStore, _ accounts: any AccountStore) async throws -> RatedPlayer {
        let bob = try await player("Bob", in: accounts)
        let ann = try await player("ann", in: accounts)
        let cid = try await player("Cid", in: accounts)
        let dee = try await player("dee", in: accounts)
        let eve = try await player("Eve", in: accounts)
        let fay = try await player("Fay", in: accounts)
        var number = 0
        for round in 0..<34 {
            let at = start + Double(round) * 60
            // Close results keep every game informative: a lopsided series would hold RD near 86 for good.
            let cross: RatedResult = round % 4 == 0 ? .player1Won : .draw
            for (first, second, result) in [(ann, bob, RatedResult.draw), (cid, dee, .draw), (ann, cid, cross), (bob, dee, cross)] {
                number += 1
                _ = try await store.apply(game(first, second, result, number: number, at: at))
            }
        }
        _ = try await store.apply(game(eve, fay, .player1Won, number: number + 1, at: start + 34 * 60))
        return eve
    }

    private static func leaderboard_rankableOnly_highestFirst_tiesByName(_ store: any RatingStore, _ accounts: any AccountStore)
        async throws
    {
        let eve = try await fillLeaderboard(store, accounts)
        let board = try await store.leaderboard(gameID: "kalah", limit: 100)
        #expect(board.map(\.name) == ["ann", "Bob", "Cid", "dee"])
        #expect(board[0].rating == board[1].rating)
        #expect(board[1].rating > board[2].rating)
        #expect(board.allSatisfy { $0.deviation <= 75 })
        #expect(board[0].games == 68)
        #expect(board[2].rating == board[3].rating)
        #expect(try await store.leaderboard(gameID: "kalah", limit: 3).map(\.name) == ["ann", "Bob", "Cid"])
        #expect(try await store.leaderboard(gameID: "connectFour", limit: 100).isEmpty)
        // Eve's rating is above everyone's, but provisional and not rankable.
        let evesRating = try #require(try await store.ratings(of: eve.accountID).first)
        #expect(evesRating.rating > board[0].rating)
        #expect(!evesRating.rankable)
    }

    private static func recentGames_newestFirst_limited(_ store: any RatingStore, _ accounts: any AccountStore) async throws {
        let ann = try await player("Ann", in: accounts)
        let bob = try await player("Bob", in: accounts)
        let cid = try await player("Cid", in: accounts)
        var applied: [RatedGameRecord] = []
        for number in 1...24 {
            // Two games end in the same second each time: the match id and the number order them.
            let at = start + Double(number / 2) * 60
            let opponent = number % 3 == 0 ? cid : bob
            let rated =
                number % 2 == 0
                ? game(ann, opponent, .player1Won, number: number, at: at) : game(opponent, ann, .draw, number: number, at: at)
            applied.append(try await store.apply(rated))
        }
        _ = try await store.apply(game(bob, cid, .draw, match: "match-0002", at: start + 3600))
        let recent = try await store.recentGames(of: ann.accountID, limit: 20)
        #expect(recent == Array(applied.sorted(by: RatedGameRecord.newestFirst).prefix(20)))
        #expect(recent.first?.game.gameNumber == 24)
        #expect(try await store.recentGames(of: cid.accountID, limit: 20).first?.game.matchID == "match-0002")
        #expect(try await store.recentGames(of: ann.accountID, limit: 5).count == 5)
    }
}
