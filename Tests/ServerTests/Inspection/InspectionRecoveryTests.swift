import Foundation
import GridGames
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// The ribs and games routes of a match restored after the real process was killed (SIGKILL) and
/// started again on the same SQLite file.
@Suite("Recovery: ribs and games after a kill")
struct InspectionRecoveryTests {
    @Test func test_afterAKill_theGamesAreTheSameAndTheTreeIsRebuiltMidGame() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            var table = try await Table.open(on: first)
            // Game 1: Alice wins along the top row. Game 2: three moves acknowledged, then the crash.
            try await table.play([
                .start(by: .player1), .move(row: 0, col: 0), .move(row: 1, col: 0), .move(row: 0, col: 1), .move(row: 1, col: 1),
                .move(row: 0, col: 2),
            ])
            try await table.play([.start(by: .player1), .move(row: 1, col: 1), .move(row: 0, col: 0), .move(row: 2, col: 2)])
            let before = try await first.games(of: table.matchID)
            #expect(before.total == 2)
            #expect(before.games[1].moves.count == 3)
            #expect(before.games[1].result == nil)
            await first.kill()

            let second = try await launches.start()
            // Nobody connected yet: the games come from the log alone, as the first process told them.
            #expect(try await second.games(of: table.matchID) == before)
            // The tree is loaded from the log, mid-game, both seats kept for their players.
            let (tree, body) = try await second.ribs(of: table.matchID)
            #expect(tree.root.outline == "Root(LoggedIn(TicTacToe))")
            for secret in [table.aliceToken, table.bobToken, "token", "Token", "hash"] {
                #expect(!body.contains(secret), "the tree shows \(secret)")
            }
            // The game goes on: Bob wins along the anti-diagonal, and the list shows it ended.
            var restored = try await Table.reopen(table, on: second, candidates: [table.state])
            try await restored.play([.move(row: 1, col: 0), .move(row: 0, col: 2), .move(row: 1, col: 2), .move(row: 2, col: 0)])
            _ = try await restored.spectator.nextScore()
            let after = try await second.games(of: table.matchID)
            #expect(after.games[0] == before.games[0])
            #expect(after.games[1].moves.count == 7)
            #expect(
                after.games[1].result
                    == MatchGames.Result(
                        winner: .player2, line: .gridCells([[0, 2], [1, 1], [2, 0]]), forfeitBy: nil, reason: "line"))
        }
    }
}
