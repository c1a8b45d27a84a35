import Foundation
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// The orderly ways a match leaves memory: SIGTERM (docs/PROTOCOL.md "Running") and the idle timeout, both
/// with the SQLite store of the real process.
@Suite("Recovery: graceful shutdown and idle expiry")
struct ShutdownAndExpiryRecoveryTests {
    @Test func test_sigtermWithClientsConnected_closesEverySocketWith1001_exits0_andARestartHasEverything() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            var table = try await Table.open(on: first)
            try await table.play([.start(by: .player1), .move(row: 1, col: 1), .move(row: 0, col: 0), .move(row: 2, col: 2)])
            // One more move on its way while the signal comes.
            table.send(.move(row: 0, col: 2))
            let exit = try await first.terminate()
            #expect(exit == ServerProcess.Exit(status: 0, bySignal: false), "\(first.log)")
            for client in table.clients {
                #expect(try await client.closeCode() == 1001)
            }
            let candidates = try await table.statesAfterCrash()

            let second = try await launches.start()
            var restored = try await Table.reopen(table, on: second, candidates: candidates)
            // Play the game to its end from wherever it was restored.
            while restored.state.inGame {
                guard let step = restored.state.legalSteps.first else { break }
                try await restored.play([step])
            }
            #expect(try await restored.spectator.nextScore() == restored.state.score)
            #expect(restored.state.isShown(by: try await second.summary(of: table.matchID)))
        }
    }

    @Test func test_aMatchExpiredFromMemory_comesBackFromSQLiteWithItsScore_andResumeWorks() async throws {
        try await ServerLaunches.withDatabase { launches in
            let server = try await launches.start(arguments: ["--idle-timeout", "0.3"])
            var table = try await Table.open(on: server)
            try await table.play([
                .start(by: .player1), .move(row: 0, col: 0), .move(row: 1, col: 0), .move(row: 0, col: 1), .move(row: 1, col: 1),
                .move(row: 0, col: 2),
            ])
            #expect(try await table.spectator.nextScore() == table.state.score)
            for client in table.clients { client.close() }
            for client in table.clients { await client.waitUntilClosed() }
            try await server.waitForLog("match expired from memory")

            var back = try await Table.reopen(table, on: server, candidates: [table.state])
            #expect(back.state.score.player1.wins == 1)
            // The pair's second game starts with Bob.
            try await back.play([.start(by: .player1)])
            #expect(back.state.board.turn == .player2)
        }
    }
}
