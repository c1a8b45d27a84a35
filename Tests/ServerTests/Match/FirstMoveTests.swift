import Foundation
import MatchWords
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

/// Issue 40, item 1, the first-move rule (lichess's): no clock runs until both sides have made a move;
/// until then the side to move has 30 s, those moves are neither charged nor given the increment, and a
/// game whose side to move makes no move in time is aborted. On a test clock (`VirtualTime`).
@Suite("First moves")
struct FirstMoveTests {
    /// A board's `clock.firstMoveIn`, nil when absent.
    static func firstMoveIn(_ board: WireBoard?) -> Double? {
        switch board?.fields["clock"]?.object?["firstMoveIn"] {
        case .integer(let whole): Double(whole)
        case .number(let number): number
        default: nil
        }
    }

    @Test func test_theFirstMoveOfEachSide_isNotCharged_noClockRunsUntilBothMoved_andFirstMoveInSaysTheWindow() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":2}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            let start = try await pair.bob.nextBoard()
            #expect(ClockTests.Clock(start) == ClockTests.Clock(player1: 60, player2: 60, running: nil), "no clock runs yet")
            #expect(Self.firstMoveIn(start) == 30)

            // A page opened 4 s later is told what is left of the window.
            await time.advance(by: .seconds(4))
            let (late, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "\(welcome)") }
            #expect(Self.firstMoveIn(snapshot.board) == 26)
            late.close()

            await time.advance(by: .seconds(5))
            pair.alice.send(.move(row: 1, col: 1))
            let afterAlice = try await pair.bob.nextBoard()
            #expect(
                ClockTests.Clock(afterAlice) == ClockTests.Clock(player1: 60, player2: 60, running: nil), "9 s, not charged, no increment")
            #expect(Self.firstMoveIn(afterAlice) == 30, "Bob's first move has its 30 s")

            await time.advance(by: .seconds(7))
            pair.bob.send(.move(row: 0, col: 0))
            let afterBob = try await pair.bob.nextBoard()
            #expect(ClockTests.Clock(afterBob) == ClockTests.Clock(player1: 60, player2: 60, running: .player1), "both moved: Alice's runs")
            #expect(Self.firstMoveIn(afterBob) == nil)

            await time.advance(by: .seconds(1))
            pair.alice.send(.move(row: 0, col: 1))
            let charged = try #require(ClockTests.Clock(try await pair.bob.nextBoard()))
            #expect(charged == ClockTests.Clock(player1: 61, player2: 60, running: .player2), "charged from here, with the increment")
        }
    }

    /// Nobody moves (`moves` 0), or Alice does and Bob does not (`moves` 1): at 30 s the game is aborted.
    @Test(arguments: [0, 1])
    func test_noFirstMoveWithin30s_abortsTheGame_noWinner_noScore_backToOffGame(moves: Int) async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await watcher.nextBoard()
            if moves == 1 {
                await time.advance(by: .seconds(20))
                pair.alice.send(.move(row: 1, col: 1))
                _ = try await watcher.nextBoard()
            }
            await time.advance(by: .milliseconds(29_999))
            #expect(try watcher.received().allSatisfy { $0.type != "gameOver" }, "not before the 30 s")
            await time.advance(by: .milliseconds(1))
            let over = try await watcher.next { $0.type == "gameOver" }
            guard case .gameOver(let winner, let line, let reason, _, let clock, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(winner == nil && line == nil && reason == "aborted")
            #expect(
                clock.map { ClockTests.Clock(WireBoard(fields: ["clock": $0])) } == ClockTests.Clock(player1: 60, player2: 60, running: nil)
            )
            // No score change: the next message is the offGame screen, not a `score`.
            let next = try await watcher.next()
            guard case .screen(.offGame, _) = next else {
                Issue.record("expected the offGame screen, got \(next)")
                return
            }
            let summary = try await server.summary(of: matchID)
            #expect(summary.score?.player1 == 0 && summary.score?.player2 == 0 && summary.score?.draws == 0)
            let reply = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games")
            guard case .success(let games) = MatchGames.decode(reply.body) else { throw HTTP.Failure(description: reply.body) }
            #expect(games.games.first?.result?.reason == "aborted")
            #expect(games.games.first?.result?.winner == nil)
            // The pair plays on.
            pair.bob.send(.startGame(gameId: "ticTacToe"))
            _ = try await watcher.nextScreen(.ticTacToe)
        }
    }

    @Test func test_onceBothHaveMoved_nothingIsAborted_theClockRunsAsBefore() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()
            pair.alice.send(.move(row: 1, col: 1))
            _ = try await pair.bob.nextBoard()
            pair.bob.send(.move(row: 0, col: 0))
            _ = try await pair.bob.nextBoard()
            await time.advance(by: .seconds(45))
            #expect(try pair.bob.received().allSatisfy { $0.type != "gameOver" }, "no abort once both have moved")
            pair.alice.send(.move(row: 0, col: 1))
            let board = try #require(ClockTests.Clock(try await pair.bob.nextBoard()))
            #expect(board == ClockTests.Clock(player1: 15, player2: 60, running: .player2))
        }
    }

    @Test func test_kalah_anExtraTurnBeforeTheOpponentsFirstMove_isUnderThe30sToo_andNotCharged() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":1}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "kalah"))
            _ = try await pair.alice.nextBoard()
            // Pit 2 of six with four seeds ends in Alice's store: she sows again, still before Bob's first.
            await time.advance(by: .seconds(10))
            pair.alice.send(.sow(pit: 2))
            let extra = try await pair.alice.nextBoard()
            #expect(ClockTests.Clock(extra) == ClockTests.Clock(player1: 60, player2: 60, running: nil))
            #expect(Self.firstMoveIn(extra) == 30)
            await time.advance(by: .seconds(30))
            let over = try await pair.alice.next { $0.type == "gameOver" }
            guard case .gameOver(nil, nil, "aborted", _, _, _) = over else {
                Issue.record("expected an aborted game, got \(over)")
                return
            }
        }
    }

    @Test func test_theComputersFirstMove_isNotCharged() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time, configure: { $0.computerDelay = .milliseconds(600) }) { server in
            let reply = try await server.postMatch(body: #"{"opponent":"computer","level":"easy","clock":{"initial":60,"increment":0}}"#)
            guard reply.status == 201, case .success(let created) = CreatedMatch.decode(reply.body) else {
                throw HTTP.Failure(description: "create failed: \(reply.status) \(reply.body)")
            }
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: created.matchId)
            _ = try await alice.login("Alice")
            try await alice.nextScreen(.offGame)
            alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await alice.nextBoard()
            alice.send(.move(row: 1, col: 1))
            _ = try await alice.nextBoard()
            // The computer's pause (600 ms, give or take a quarter) is its first move's: not charged.
            await time.advance(by: .seconds(1))
            let afterComputer = try await alice.nextBoard()
            #expect(afterComputer.fields["last"]?.object?["seat"]?.seat == .player2)
            #expect(ClockTests.Clock(afterComputer) == ClockTests.Clock(player1: 60, player2: 60, running: .player1))
        }
    }

    @Test func test_aRestartWhileAFirstMoveIsPending_restartsItsWindow_theDowntimeChargedToNobody() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("first-move-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let time = VirtualTime()
        let (matchID, tokens) = try await withTestServer(time: time, configure: { $0.databasePath = path }) { server in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()
            await time.advance(by: .seconds(20))
            return (matchID, pair)
        }
        // Down for 20 s more: 40 s since the game started, past the window had it kept counting.
        await time.advance(by: .seconds(20))
        try await withTestServer(time: time, configure: { $0.databasePath = path }) { server in
            let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "\(welcome)") }
            #expect(snapshot.phase == .ticTacToe, "not aborted by the downtime")
            #expect(Self.firstMoveIn(snapshot.board) == 30, "the window starts again with the match's loading")
            await time.advance(by: .seconds(29))
            let back = try await tokens.resumed(port: server.port, matchID: matchID)
            back.alice.send(.move(row: 1, col: 1))
            let board = try await watcher.next { $0.type == "board" || $0.type == "gameOver" }
            guard case .board(let moved, _) = board else {
                Issue.record("expected Alice's move within the restarted window, got \(board)")
                return
            }
            #expect(ClockTests.Clock(moved) == ClockTests.Clock(player1: 60, player2: 60, running: nil))
        }
    }
}
