import Accounts
import Foundation
import RatingStore
import RatingStoreContract
import Testing

@testable import SQLiteStore

/// The group commit of ratings (`RatingGroupCommit`): applies that wait at once share one
/// transaction, yet each game is rated from the rows the one before it left, a game applied twice is
/// stored once, and a refused game fails alone.
@Suite("SQLite ratings: group commit")
struct SQLiteRatingBatchTests {
    @Test("Many games of the same two accounts applied at once form one chain: each starts from the previous one's after")
    func test_concurrentGames_sameAccounts_oneChain_noLostUpdate() async throws {
        try await withPlayers("Ann", "Bob") { store, players in
            let (ann, bob) = (players[0], players[1])
            // Wins and losses only: a draw between equal ratings leaves both where they were, and
            // the chain below is followed by the rating before each game.
            let games = (1...40).map { number in
                RatingStoreContract.game(ann, bob, number % 3 == 0 ? .player2Won : .player1Won, match: "match-\(number)")
            }
            let ratings = store.makeRatingStore()
            let records = try await withThrowingTaskGroup(of: RatedGameRecord.self) { group in
                for game in games { group.addTask { try await ratings.apply(game) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(records.count == games.count)
            for side in [\RatedGameRecord.player1, \RatedGameRecord.player2] {
                var byBefore = Dictionary(grouping: records, by: { $0[keyPath: side].before })
                var current = 1500.0
                var followed = 0
                while let next = byBefore[current]?.first {
                    #expect(byBefore[current]?.count == 1, "two games started from the same rating: a lost update")
                    byBefore[current] = nil
                    current = next[keyPath: side].after
                    followed += 1
                }
                #expect(followed == games.count)
                let stored = try await ratings.ratings(of: side == \RatedGameRecord.player1 ? ann.accountID : bob.accountID)
                #expect(stored.map(\.rating) == [current])
            }
            let annWins = games.filter { $0.result == .player1Won }.count
            #expect(
                try await ratings.ratings(of: ann.accountID).map { [$0.games, $0.wins, $0.losses, $0.draws] } == [
                    [games.count, annWins, games.count - annWins, 0]
                ])
            #expect(
                try await ratings.ratings(of: bob.accountID).map { [$0.games, $0.wins, $0.losses, $0.draws] } == [
                    [games.count, games.count - annWins, annWins, 0]
                ])
        }
    }

    @Test("The same game applied many times at once is stored once, and every caller gets the same record")
    func test_sameGameConcurrently_oneRecord_storedOnce() async throws {
        try await withPlayers("Ann", "Bob") { store, players in
            let (ann, bob) = (players[0], players[1])
            let ratings = store.makeRatingStore()
            let records = try await withThrowingTaskGroup(of: RatedGameRecord.self) { group in
                for _ in 0..<30 { group.addTask { try await ratings.apply(RatingStoreContract.game(ann, bob, .player1Won)) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(records.count == 30)
            #expect(Set(records.map(\.player1.after)).count == 1)
            #expect(records.allSatisfy { $0 == records[0] })
            #expect(try await ratings.ratedGame(matchID: "match-0001", gameNumber: 1) == records[0])
            #expect(try await ratings.ratings(of: ann.accountID).map(\.games) == [1])
            #expect(try await ratings.ratings(of: bob.accountID).map(\.games) == [1])
        }
    }

    @Test("In one batch, a game of an unknown account and a game against oneself fail alone; the others are stored")
    func test_oneBatch_refusedGamesFailAlone() async throws {
        try await withPlayers("Ann", "Bob", "Cy") { store, players in
            let (ann, bob, cy) = (players[0], players[1], players[2])
            let ghost = RatedPlayer(accountID: "no-such-account", name: "Ghost")
            let ratings = store.makeRatingStore()
            let games: [(RatedGame, RatingStoreError?)] = [
                (RatingStoreContract.game(ann, bob, .player1Won, match: "m-1"), nil),
                (RatingStoreContract.game(ann, ghost, .player1Won, match: "m-2"), .accountNotFound),
                (RatingStoreContract.game(bob, ann, .draw, match: "m-3"), nil),
                (RatingStoreContract.game(ann, ann, .draw, match: "m-4"), .samePlayer),
                (RatingStoreContract.game(ghost, bob, .player2Won, match: "m-5"), .accountNotFound),
                (RatingStoreContract.game(ann, bob, .player2Won, match: "m-6"), nil),
            ]
            let outcomes = try await inOneBatch(games.map(\.0), of: store, behind: RatingStoreContract.game(cy, bob, .draw, match: "m-0"))

            for ((game, refusal), outcome) in zip(games, outcomes) {
                switch (outcome, refusal) {
                case (.success(let record), nil):
                    #expect(record.game == game)
                    #expect(try await ratings.ratedGame(matchID: game.matchID, gameNumber: 1) == record)
                case (.failure(let error), .some(let refusal)):
                    #expect(error as? RatingStoreError == refusal)
                    #expect(try await ratings.ratedGame(matchID: game.matchID, gameNumber: 1) == nil)
                default:
                    Issue.record("\(game.matchID): \(outcome), expected \(refusal.map { "\($0)" } ?? "a record")")
                }
            }
            // Ann's three good games and the one before them of Bob's: nothing of the refused ones.
            #expect(try await ratings.ratings(of: ann.accountID).map { [$0.games, $0.wins, $0.losses, $0.draws] } == [[3, 1, 1, 1]])
            #expect(try await ratings.ratings(of: bob.accountID).map { [$0.games, $0.wins, $0.losses, $0.draws] } == [[4, 1, 1, 2]])
        }
    }

    @Test("When the batch's transaction fails, every caller of it gets the error and none of its games is stored")
    func test_oneBatch_transactionFails_failsEveryCaller() async throws {
        try await withPlayers("Ann", "Bob", "Cy") { store, players in
            let (ann, bob, cy) = (players[0], players[1], players[2])
            let ratings = store.makeRatingStore()
            _ = try await ratings.apply(RatingStoreContract.game(ann, bob, .player1Won, match: "m-0"))
            // A broken file: every game's first statement fails, not as a refusal of that game.
            try await store.executeForTesting("DROP TABLE ratedGame")
            let outcomes = try await inOneBatch(
                [RatingStoreContract.game(ann, cy, .player1Won, match: "m-1"), RatingStoreContract.game(bob, cy, .draw, match: "m-2")],
                of: store, behind: RatingStoreContract.game(bob, ann, .draw, match: "m-3"))
            for outcome in outcomes {
                guard case .failure(let error) = outcome else {
                    Issue.record("stored despite the failed transaction: \(outcome)")
                    continue
                }
                #expect(!(error is RatingStoreError))
            }
            #expect(try await ratings.ratings(of: cy.accountID).isEmpty)
            #expect(try await ratings.ratings(of: ann.accountID).map(\.games) == [1])
        }
    }

    /// A new store file with an account per name, as rated games name them; closed after `body`.
    private func withPlayers(_ names: String..., body: (SQLiteMatchStore, [RatedPlayer]) async throws -> Void) async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            var players: [RatedPlayer] = []
            for name in names { players.append(try await RatingStoreContract.player(name, in: store.makeAccountStore())) }
            try await body(store, players)
            try await store.close()
        }
    }

    /// Applies `games` at once, so that they share one batch: the writer is held while `blocker`
    /// is taken as a batch of its own, and released once every game of `games` is queued behind it.
    private func inOneBatch(_ games: [RatedGame], of store: SQLiteMatchStore, behind blocker: RatedGame) async throws
        -> [Result<RatedGameRecord, any Error>]
    {
        let ratings = store.makeRatingStore()
        let release = DispatchSemaphore(value: 0)
        await store.holdWriterForTesting(until: release)
        let takenBefore = store.ratingQueueForTesting.taken
        let first = Task { try await ratings.apply(blocker) }
        try await waitUntil { store.ratingQueueForTesting == (queued: 0, taken: takenBefore + 1) }
        let applies = games.map { game in
            Task { () -> Result<RatedGameRecord, any Error> in await Result(asyncCatching: { try await ratings.apply(game) }) }
        }
        try await waitUntil { store.ratingQueueForTesting.queued == games.count }
        release.signal()
        _ = try? await first.value
        var outcomes: [Result<RatedGameRecord, any Error>] = []
        for apply in applies { outcomes.append(await apply.value) }
        return outcomes
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

extension Result where Failure == any Error {
    fileprivate init(asyncCatching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
