import Foundation
import GridGames
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// A match against the computer survives a SIGKILL of the real server: after the restart it still has
/// its computer, which plays the move it was thinking about when the process died, and then plays on.
@Suite("Recovery: the computer after a SIGKILL")
struct ComputerKillRecoveryTests {
    @Test func test_killWhileTheComputerThinks_theRestoredMatchHasItsComputer_whichPlaysOn() async throws {
        try await ServerLaunches.withDatabase { launches in
            // A long pause: the kill comes while the computer's answer to Alice's first move is pending.
            let first = try await launches.start(arguments: ["--computer-delay", "30"])
            let matchID = try await first.createComputerMatch(level: "perfect")
            let (alice, _) = try await TestClient.connected(port: first.port, matchID: matchID)
            let (_, token) = try await alice.login("Alice")
            try await alice.nextScreen(.offGame)
            alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await alice.nextBoard()
            alice.send(.move(row: 1, col: 1))
            let acknowledged = try await alice.nextBoard()
            #expect(acknowledged.last == WireMove(row: 1, col: 1, seat: .player1) && acknowledged.turn == .player2)
            await first.kill()

            let second = try await launches.start(arguments: ["--computer-delay", "0.05"])
            // The stored summary (read without loading the match) still names the computer.
            #expect(
                try await second.summary(of: matchID).players.contains {
                    $0 == WirePlayer(seat: .player2, name: "Computer", connected: true, computerLevel: "perfect")
                })
            let (back, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.board?.last == WireMove(row: 1, col: 1, seat: .player1))
            back.send(.resume(token: token))
            // The computer answers the move it had not played before the crash, then the game goes on.
            let answer = try await back.next(timeout: .seconds(10)) {
                if case .board(let board, _) = $0 { board.last?.seat == .player2 } else { false }
            }
            guard case .board(let answered, _) = answer else { throw HTTP.Failure(description: "no board") }
            #expect(answered.turn == .player1)
            let free = (0..<9).first { answered.cells[$0] == nil }!
            back.send(.move(row: free / 3, col: free % 3))
            let (winner, boards) = try await back.playAgainstComputer(as: .player1)
            #expect(winner != .player1)
            #expect(boards.contains { $0.last?.seat == .player2 }, "the computer played after the restart")
            try await back.nextScreen(.offGame)
        }
    }
}
