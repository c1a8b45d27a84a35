import Foundation
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// Issue 40: a game killed (SIGKILL) while a first move is awaited is not aborted for the time the
/// server was down: the restarted server gives the side to move the whole first-move window again. Over a
/// real process and real time (the window shortened to 2 s with `--first-move-seconds`), since a kill is
/// what it is about.
@Suite("Recovery: a first move pending across SIGKILL")
struct FirstMoveKillRecoveryTests {
    static let window = ["--first-move-seconds", "2"]

    @Test func test_aKillWhileAFirstMoveIsPending_doesNotChargeTheDowntime_toTheAbortDeadline() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start(arguments: Self.window)
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":0}"#, on: first)
            let pair = try await first.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            let start = try await pair.bob.nextBoard()
            #expect(FirstMoveTests.firstMoveIn(start) == 2)
            // 1.5 s of the 2 s window go by, then the server dies and stays down 1.5 s: had the window
            // kept counting, the game would be aborted by the time the server is back.
            try await Task.sleep(for: .milliseconds(1_500))
            await first.kill()
            try await Task.sleep(for: .milliseconds(1_500))

            let second = try await launches.start(arguments: Self.window)
            let (watcher, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "\(welcome)") }
            #expect(snapshot.phase == .ticTacToe, "not aborted by the downtime")
            let left = try #require(FirstMoveTests.firstMoveIn(snapshot.board))
            #expect(left > 1 && left <= 2, "the window starts again with the match's loading: \(left)")
            #expect(ClockTests.Clock(snapshot.board) == ClockTests.Clock(player1: 60, player2: 60, running: nil))

            // Nobody moves: the restarted window runs out, and the game is aborted then.
            let over = try await watcher.next(timeout: .seconds(10), where: { $0.type == "gameOver" })
            guard case .gameOver(nil, nil, "aborted", _, _, _) = over else {
                Issue.record("expected an aborted game, got \(over)")
                return
            }
            _ = pair
        }
    }
}
