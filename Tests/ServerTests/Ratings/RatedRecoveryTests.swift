import Foundation
import GridGames
import MatchHosting
import MatchStore
import MatchStoreContract
import MatchWords
import PostgresStore
import RatingStore
import SQLiteStore
import Testing
import TicTacToe
import WireProtocol

@testable import Server

private let postgresURL = ProcessInfo.processInfo.environment["TICTACTOE_TEST_POSTGRES_URL"]

/// Issue 42: a server that dies at any step of a rated game's end leaves a log the next server (after
/// a restart, or another server of a cluster) rates once, so that every rating read afterwards is the
/// one the players were told. Each step is a stored log as the crash left it, on SQLite and PostgreSQL:
/// before the ending record (the game goes on, rated when it ends), between the ending and its rating
/// (the load rates it), after both (the load changes nothing).
@Suite("Recovery: a rated game's end")
struct RatedRecoveryTests {
    /// Opens the store again and again, as a server restarting on it (or another server) would.
    struct Stores: Sendable {
        let open: @Sendable () async throws -> any MatchStore
        let ratings: @Sendable (any MatchStore) -> any RatingStore
    }

    @Test func test_aRatedEnding_recoversAtEveryStep_onSQLite() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("store.sqlite").path
            try await Self.crashAtEveryStep(
                Stores(open: { try SQLiteMatchStore(path: path) }, ratings: { ($0 as! SQLiteMatchStore).makeRatingStore() }))
        }
    }

    @Test(.enabled(if: postgresURL != nil, "TICTACTOE_TEST_POSTGRES_URL is not set: this test needs a PostgreSQL server"))
    func test_aRatedEnding_recoversAtEveryStep_onPostgreSQL() async throws {
        let url = try PostgresURL(try #require(postgresURL))
        let schema = "rated_\(UUID().uuidString.prefix(8).lowercased())"
        try await Self.crashAtEveryStep(
            Stores(
                open: { try await PostgresMatchStore(url: url, schema: schema) },
                ratings: { ($0 as! PostgresMatchStore).makeRatingStore() }))
    }

    static func crashAtEveryStep(_ stores: Stores) async throws {
        // Server 1 plays a rated game to its end: Ann wins, and both are told their ratings.
        let (matchID, told, cookies) = try await withServer(on: stores) {
            (server: TestServer, _: any MatchStore) -> (String, WireRatings, (ann: String, bob: String)) in
            let ann = try await server.registerAccount("Ann")
            let bob = try await server.registerAccount("Bob")
            let (matchID, annClient, bobClient) = try await RatedMatchTests.seatedPair(server, cookies: (ann, bob))
            try await play([(annClient, 0, 0), (bobClient, 1, 0), (annClient, 0, 1), (bobClient, 1, 1), (annClient, 0, 2)])
            let told = try #require(try await RatedMatchTests.gameOver(on: annClient).ratings)
            #expect(told == RatedMatchTests.expected(.win))
            return (matchID, told, (ann, bob))
        }
        // The logs a crash at the other two steps leaves: the same game without its rating (a match of
        // its own, which the rating store never saw), and without its last move and ending.
        let (ended, beforeEnd) = try await withStore(stores) { (store: any MatchStore) -> (String, String) in
            let records = try #require(try await store.records(of: MatchID(rawValue: matchID)))
            let summary = try #require(try await store.summary(of: MatchID(rawValue: matchID)))
            let lastMove = try #require(records.lastIndex { if case .played = $0.record { true } else { false } })
            return (
                try await copy(records[1...], summary: summary, into: store),
                try await copy(records[1..<lastMove], summary: summary, into: store)
            )
        }

        // Server 2 (a restart, or another server) loads each.
        try await withServer(on: stores) { (server: TestServer, store: any MatchStore) -> Void in
            let ratings = stores.ratings(store)
            let annID = try await accountID(told: matchID, ratings)
            // After both: the load changes nothing; the stored rating is what was told.
            #expect(try await look(at: matchID, on: server) == told, "a reloaded page shows the change told")
            #expect(try await ratings.ratedGame(matchID: matchID, gameNumber: 1).map { WireRatings($0) } == told)
            #expect(try await server.gameRatings(of: matchID) == [told])
            // Between the ending and its rating: the load rates it, before anyone is told anything.
            let shown = try await look(at: ended, on: server)
            let rated = try #require(try await ratings.ratedGame(matchID: ended, gameNumber: 1))
            #expect(shown == WireRatings(rated))
            #expect(rated.game.result == .player1Won)
            #expect(try await server.gameRatings(of: ended) == [WireRatings(rated)])
            // Before the ending: nothing to rate; Ann's winning move, played on this server, is rated once.
            let (annBack, _) = try await TestClient.connected(port: server.port, matchID: beforeEnd, cookie: cookies.ann)
            #expect(try await annBack.seat(as: nil).seat == .player1)
            #expect(try await ratings.ratedGame(matchID: beforeEnd, gameNumber: 1) == nil)
            annBack.send(.move(row: 0, col: 2))
            let toldAfterRecovery = try #require(try await RatedMatchTests.gameOver(on: annBack).ratings)
            #expect(try await ratings.ratedGame(matchID: beforeEnd, gameNumber: 1).map { WireRatings($0) } == toldAfterRecovery)
            #expect(try await ratings.ratings(of: annID).map(\.games) == [3])
        }

        // Server 3 loads all three again: every game stays rated once, as told.
        try await withServer(on: stores) { (server: TestServer, store: any MatchStore) -> Void in
            let ratings = stores.ratings(store)
            for id in [matchID, ended, beforeEnd] { try await look(at: id, on: server) }
            let annID = try await accountID(told: matchID, ratings)
            #expect(try await ratings.ratings(of: annID).map(\.games) == [3], "no game rated twice")
            #expect(try await ratings.ratedGame(matchID: matchID, gameNumber: 1).map { WireRatings($0) } == told)
        }
    }

    private static func accountID(told matchID: String, _ ratings: any RatingStore) async throws -> String {
        try #require(try await ratings.ratedGame(matchID: matchID, gameNumber: 1)).game.player1.accountID
    }

    private static func play(_ moves: [(TestClient, Int, Int)]) async throws {
        for (client, row, col) in moves {
            client.send(.move(row: row, col: col))
            _ = try await client.nextBoard(last: WireMove(row: row, col: col, seat: moves[0].0 === client ? .player1 : .player2))
        }
    }

    /// Loads the match on `server` (a spectator connects) and waits for its welcome.
    /// Loads the match by watching it; the ratings its snapshot's `lastGame` shows.
    @discardableResult
    private static func look(at matchID: String, on server: TestServer) async throws -> WireRatings? {
        let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
        guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome for \(matchID)") }
        _ = watcher
        return snapshot.lastGame?.ratings
    }

    /// Stores `records` (a log without its `created`) as a new match's log; its id.
    private static func copy(_ records: ArraySlice<StoredRecord>, summary: StoredSummary, into store: any MatchStore) async throws -> String
    {
        let id = MatchID(rawValue: "copy\(UUID().uuidString.prefix(12).lowercased())")
        try await store.createMatch(id: id, at: Date())
        try await store.append(records.map(\.record), summary: summary, to: id, at: Date())
        return id.rawValue
    }

    private static func withStore<Value>(_ stores: Stores, _ body: (any MatchStore) async throws -> Value) async throws -> Value {
        let store = try await stores.open()
        do {
            let value = try await body(store)
            try await store.close()
            return value
        } catch {
            try? await store.close()
            throw error
        }
    }

    private static func withServer<Value>(
        on stores: Stores, _ body: (TestServer, any MatchStore) async throws -> Value
    ) async throws -> Value {
        try await withStore(stores) { store in try await withTestServer(store: store) { try await body($0, store) } }
    }
}

extension TestServer {
    /// The `ratings` of each game of the games API, in order.
    func gameRatings(of matchID: String) async throws -> [WireRatings?] {
        try MatchGames.decode(try await HTTP.get(port: port, "/api/matches/\(matchID)/games").body).get().games.map(\.ratings)
    }
}
