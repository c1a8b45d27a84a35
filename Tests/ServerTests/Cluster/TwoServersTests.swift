import Foundation
import GridGames
import MatchWords
import Testing
import WireProtocol

private let clusterDatabaseURL = ProcessInfo.processInfo.environment["TICTACTOE_TEST_POSTGRES_URL"]

/// Two servers on one PostgreSQL, in process: a match is hosted by one server at a time, moves to the
/// server a client reaches it on, and every server's API shows who is connected. Runs where
/// `TICTACTOE_TEST_POSTGRES_URL` is set (scripts/test.sh starts a private PostgreSQL).
@Suite(
    "Two servers on one PostgreSQL",
    .enabled(if: clusterDatabaseURL != nil, "TICTACTOE_TEST_POSTGRES_URL is not set: these tests need a PostgreSQL server")
)
struct TwoServersTests {
    static let databaseURL = clusterDatabaseURL

    private func withTwoServers(_ body: (TestServer, TestServer) async throws -> Void) async throws {
        let url = try #require(Self.databaseURL)
        try await withTestServer(configure: { $0.databasePath = url }) { first in
            try await withTestServer(configure: { $0.databasePath = url }) { second in
                try await body(first, second)
            }
        }
    }

    /// A new match on `server` with Alice and Bob seated and Alice's X in the centre, seen by Bob.
    static func pairWithAMovePlayed(on server: TestServer) async throws -> (String, SeatedPair) {
        let matchID = try await server.createMatch()
        let pair = try await server.seatedPair(matchID: matchID)
        pair.alice.send(.startGame(gameId: "ticTacToe"))
        pair.alice.send(.move(row: 1, col: 1))
        _ = try await pair.bob.next { if case .board(let board, _) = $0 { board.last != nil } else { false } }
        return (matchID, pair)
    }

    @Test func test_aClientReachingTheMatchOnAnotherServer_movesIt_thePlayersHereAreClosed1012_andResumeThereWithNothingLost()
        async throws
    {
        try await withTwoServers { first, second in
            let (matchID, pair) = try await Self.pairWithAMovePlayed(on: first)

            // A spectator opens the match on the second server: it takes the match over.
            let (spectator, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome: \(welcome)") }
            #expect(snapshot.board?.cells[4] == .player1, "the second server replayed the acknowledged move")
            #expect(try await pair.alice.closeCode() == 1012)
            #expect(try await pair.bob.closeCode() == 1012)

            // Both players reconnect, as the page does, to where the match is now, and resume their seats.
            let back = try await pair.resumed(port: second.port, matchID: matchID)
            back.bob.send(.move(row: 0, col: 0))
            #expect(try await spectator.nextBoard().last == WireMove(row: 0, col: 0, seat: .player2))

            // The first server's API shows the presence the second one publishes (within a few seconds).
            var summary = try await first.summary(of: matchID)
            for _ in 0..<50 where summary.spectators != 1 || !summary.players.allSatisfy(\.connected) {
                try await Task.sleep(for: .milliseconds(100))
                summary = try await first.summary(of: matchID)
            }
            #expect(summary.spectators == 1)
            #expect(summary.players.map(\.connected) == [true, true])
            let listed = try await HTTP.get(port: first.port, "/api/matches")
            #expect(listed.status == 200)
        }
    }

    @Test func test_aClockedGameMovedToAnotherServer_resumesWithTheClocksAsStored_andTheMoveChargedOnlyFromThere() async throws {
        try await withTwoServers { first, second in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":0}"#, on: first)
            let pair = try await first.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()
            // Both sides' free first moves (issue 40): Alice's clock runs from here.
            try await ClockTests.playFirstMoves(pair, seenBy: pair.bob)
            pair.alice.send(.move(row: 1, col: 1))
            let told = try #require(ClockTests.Clock(try await pair.bob.nextBoard()))
            // Bob thinks for a second and a half on the first server; then the match moves.
            try await Task.sleep(for: .milliseconds(1_500))
            let (spectator, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome, let moved = ClockTests.Clock(snapshot.board) else {
                throw HTTP.Failure(description: "no clock on the second server: \(welcome)")
            }
            #expect(moved.player1 == told.player1)
            #expect(moved.player2 > 59.7, "as the last stored event left it: \(moved)")
            #expect(moved.running == .player2)
            let back = try await pair.resumed(port: second.port, matchID: matchID)
            back.bob.send(.move(row: 0, col: 0))
            let after = try #require(ClockTests.Clock(try await spectator.nextBoard()))
            #expect(after.player2 > 58.5 && after.running == .player1, "\(after)")
        }
    }

    /// Issue 40, item 2: the final clocks `gameOver` told on one server are the snapshot's
    /// `lastGame.board.clock` on the other, which reads them from the stored log.
    @Test func test_theFinalClocksOfAResignation_areTheSameOnTheOtherServer() async throws {
        try await withTwoServers { first, second in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":2}"#, on: first)
            let pair = try await first.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()
            try await ClockTests.playFirstMoves(pair, seenBy: pair.bob)
            try await Task.sleep(for: .milliseconds(300))
            pair.alice.send(.resign)
            let over = try await pair.bob.next { $0.type == "gameOver" }
            guard case .gameOver(_, _, "resigned", _, let told?, _) = over else {
                Issue.record("expected a resignation with clocks, got \(over)")
                return
            }
            let final = try #require(ClockTests.Clock(WireBoard(fields: ["clock": told])))
            #expect(final.player1 < 59.8 && final.player2 == 60 && final.running == nil, "Alice's 0.3 s charged: \(final)")
            let there = try await FinalClockTests.lastGameClock(port: second.port, matchID: matchID)
            #expect(there == told, "the other server")
        }
    }

    @Test func test_lookingAtAMatchsRIBTreeOnAnotherServer_doesNotTakeItOver() async throws {
        try await withTwoServers { first, second in
            let (matchID, pair) = try await Self.pairWithAMovePlayed(on: first)

            // The second server answers the tree the stored log rebuilds…
            #expect(try await second.ribs(of: matchID).tree.root.outline == "Root(LoggedIn(TicTacToe))")
            // …and the first still hosts the match: its players play on, nobody is closed 1012.
            pair.bob.send(.move(row: 0, col: 0))
            let bobsMove = WireMove(row: 0, col: 0, seat: .player2)
            _ = try await pair.alice.next { if case .board(let board, _) = $0 { board.last == bobsMove } else { false } }
            #expect(try await first.ribs(of: matchID).tree.root.outline == "Root(LoggedIn(TicTacToe))")
        }
    }

    @Test func test_aMoveSentToTheServerThatLostTheMatch_isNeverAcknowledged() async throws {
        try await withTwoServers { first, second in
            let matchID = try await first.createMatch()
            let pair = try await first.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()
            // Taken over; Alice's move races the close.
            let (spectator, _) = try await TestClient.connected(port: second.port, matchID: matchID)
            pair.alice.send(.move(row: 2, col: 2))
            #expect(try await pair.alice.closeCode() == 1012)
            let acknowledged = try pair.alice.received().contains {
                if case .board(let board, _) = $0 { board.last == WireMove(row: 2, col: 2, seat: .player1) } else { false }
            }
            // Whatever the first server told Alice is in the log the second server serves.
            let (check, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            if acknowledged { #expect(snapshot.board?.cells[8] == .player1) }
            check.close()
            spectator.close()
        }
    }
}
