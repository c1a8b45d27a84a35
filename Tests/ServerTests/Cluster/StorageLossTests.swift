import Foundation
import GridGames
import Logging
import MatchWords
import PostgresNIO
import PostgresStore
import RawSocketSupport
import Testing
import WireProtocol

private let lossDatabaseURL = ProcessInfo.processInfo.environment["TICTACTOE_TEST_POSTGRES_URL"]

/// PostgreSQL lost while the server runs, and back: nothing unstored is told, the match closes with
/// 1011, requests answer 503, and play resumes by itself once the database answers again.
///
/// The loss is made for this server alone: it logs in as a role of its own, which the test then
/// forbids to log in and whose connections it ends, as a database going away would (other tests share
/// the database and go on).
@Suite("PostgreSQL lost while running", .enabled(if: lossDatabaseURL != nil, "TICTACTOE_TEST_POSTGRES_URL is not set"))
struct StorageLossTests {
    private static let logger = Logger(label: "storage-loss-test")

    private static func admin(_ sql: String) async throws {
        let url = try PostgresURL(try #require(lossDatabaseURL))
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    }

    private static func backends(of role: String) async throws -> Int {
        let url = try PostgresURL(try #require(lossDatabaseURL))
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        let rows = try await connection.query("SELECT count(*)::int8 FROM pg_stat_activity WHERE usename = \(role)", logger: logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }

    @Test(.timeLimit(.minutes(2)))
    func test_theDatabaseGoneMidGame_closes1011_answers503_toldNothingUnstored_andPlayResumesWhenItIsBack() async throws {
        let url = try PostgresURL(try #require(lossDatabaseURL))
        let role = "loss_\(UUID().uuidString.prefix(8).lowercased())"
        try await Self.admin("CREATE ROLE \(role) LOGIN SUPERUSER PASSWORD 'pw-\(role)'")
        defer { Task { try? await Self.admin("DROP ROLE IF EXISTS \(role)") } }
        let serverURL = "postgres://\(role):pw-\(role)@\(url.host):\(url.port)/\(url.database)"

        try await withTestServer(configure: { $0.databasePath = serverURL }) { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()

            // The database goes away for this server.
            try await Self.admin("ALTER ROLE \(role) NOLOGIN")
            // A connection that was logging in as the role changed may not be listed yet: end them until
            // none is left.
            for _ in 0..<50 {
                try await Self.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(role)'")
                try await Task.sleep(for: .milliseconds(100))
                if try await Self.backends(of: role) == 0 { break }
            }
            #expect(try await Self.backends(of: role) == 0, "the server is cut off from the database")

            pair.alice.send(.move(row: 1, col: 1))
            #expect(try await pair.alice.closeCode(timeout: .seconds(15)) == 1011, "the move's write fails within the 5 s wait")
            let told = try pair.bob.received().contains {
                if case .board(let board, _) = $0 { board.last != nil } else { false }
            }
            #expect(!told, "nobody was told the unstored move")
            let lobby = try await HTTP.get(port: server.port, "/api/matches")
            #expect(lobby.status == 503)
            #expect(lobby.body.contains("storage cannot be reached"))
            // Raw HTTP, reading the head only: an HTTP client would wait for ever on a 101's body.
            let upgrade = try await RawHTTP.exchange(
                port: server.port, path: "/ws/\(matchID)",
                headers: [
                    ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
                    ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
                ], untilHead: true)
            #expect(upgrade.status == 503, "the match cannot be loaded: \(upgrade.head)")

            // Back: the pool connects again by itself, and the players resume where the log stands.
            try await Self.admin("ALTER ROLE \(role) LOGIN")
            var resumed: TestClient?
            for _ in 0..<40 where resumed == nil {
                if let (client, _) = try? await TestClient.connected(port: server.port, matchID: matchID) {
                    resumed = client
                } else {
                    try await Task.sleep(for: .milliseconds(250))
                }
            }
            let alice = try #require(resumed, "reconnected within 10 s of the database coming back")
            alice.send(.resume(token: pair.aliceToken))
            let welcome = try await alice.next { if case .welcome = $0 { true } else { false } }
            guard case .welcome(let you, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(you == .player1)
            #expect(snapshot.board?.cells.allSatisfy { $0 == nil } == true, "the unstored move is not in the match")
            alice.send(.move(row: 1, col: 1))
            #expect(try await alice.nextBoard().last == WireMove(row: 1, col: 1, seat: .player1))
        }
    }
}
