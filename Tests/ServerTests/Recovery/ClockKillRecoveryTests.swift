import Foundation
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// A clocked game survives SIGKILL: after the restart each clock is as the last stored event left it,
/// and the time the match was unreachable is charged to nobody.
@Suite("Recovery: clocks across SIGKILL")
struct ClockKillRecoveryTests {
    @Test func test_afterAKillAndARestart_theClocksResumeAsStored_andTheDowntimeIsChargedToNobody() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            let matchID = try await ClockTests.clockedMatch(#"{"initial":60,"increment":0}"#, on: first)
            let pair = try await first.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.bob.nextBoard()
            // Both sides' free first moves (issue 40): Alice's clock runs from here.
            try await ClockTests.playFirstMoves(pair, seenBy: pair.bob)
            // The one clock test over a real process and real time (the others advance a test clock).
            try await Task.sleep(for: .milliseconds(300))
            pair.alice.send(.move(row: 1, col: 1))
            let told = try #require(ClockTests.Clock(try await pair.bob.nextBoard()))
            #expect(told.running == .player2)
            #expect(told.player1 <= 59.7 && told.player1 > 50, "at least Alice's 0.3 s was charged: \(told)")
            // Bob thinks for a second, then the server dies; it is down for one more (charged, they would
            // leave him under 59.5).
            try await Task.sleep(for: .seconds(1))
            await first.kill()
            try await Task.sleep(for: .seconds(1))

            let second = try await launches.start()
            let (watcher, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome, let restored = ClockTests.Clock(snapshot.board) else {
                Issue.record("no clock after the restart: \(welcome)")
                return
            }
            #expect(restored.player1 == told.player1, "Alice's clock as stored")
            #expect(restored.player2 > 59.5, "neither Bob's thinking before the crash nor the downtime is charged: \(restored)")
            #expect(restored.running == .player2)

            let back = try await pair.resumed(port: second.port, matchID: matchID)
            try await Task.sleep(for: .milliseconds(300))
            back.bob.send(.move(row: 0, col: 0))
            let after = try #require(ClockTests.Clock(try await watcher.nextBoard()))
            #expect(after.player2 > 55 && after.player2 < 59.8, "only Bob's time since the restart: \(after)")
            #expect(after.running == .player1)
        }
    }
}
