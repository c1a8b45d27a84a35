import Foundation
import GridGames
import Testing
import WireProtocol

/// The frames a host tells the servers relaying its match go in one PostgreSQL notification, whose
/// payload must stay under 8000 bytes (`PostgresAudiences.payloadLimit`): the broadcasts of one change
/// and the welcome after it. Measured on the largest there is: Connect Four (42 cells) under a clock,
/// with the longest names the server accepts, at the winning drop (board, gameOver, score, screen) and
/// with the last game's board in the snapshot beside the next game's.
@Suite("The size of what a host tells its relays")
struct AudienceFrameSizeTests {
    /// 24 characters of 10 UTF-8 bytes each (a letter and three combining accents): 240 bytes, under the
    /// 256 the server allows; JSON may write each accent as a six-byte escape.
    private static let longestName = String(repeating: "a\u{301}\u{302}\u{303}", count: 24)

    @Test func test_theLargestChangeAndTheWelcomeAfterIt_fitInOneNotification() async throws {
        try await withTestServer { server in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":600,"increment":5}"#, on: server)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let alice = TestClient.connect(port: server.port, matchID: matchID)
            let bob = TestClient.connect(port: server.port, matchID: matchID)
            #expect(try await alice.login(Self.longestName).seat == .player1)
            #expect(try await bob.login(Self.longestName).seat == .player2)
            alice.send(.startGame(gameId: "connectFour"))
            for (index, column) in [0, 1, 0, 1, 0, 1].enumerated() {
                (index.isMultiple(of: 2) ? alice : bob).send(.drop(col: column))
                _ = try await watcher.next { if case .board(let board, _) = $0 { board.last?.col == column } else { false } }
            }
            let before = watcher.inbox.received().count
            alice.send(.drop(col: 0))
            _ = try await watcher.next { if case .screen(.offGame, _) = $0 { true } else { false } }
            let winningChange = watcher.inbox.received().dropFirst(before).reduce(0) { $0 + $1.utf8.count + 1 }
            // The next game started: the snapshot has its board and the last game's.
            alice.send(.startGame(gameId: "connectFour"))
            _ = try await watcher.nextScreen(.connectFour)
            watcher.send(.sync)
            _ = try await watcher.next { $0.type == "welcome" }
            let welcome = try #require(watcher.inbox.received().last).utf8.count
            // Each board of the welcome may fill up: 42 cells from `null` to `"player1"`, 5 bytes more each.
            let filled = 2 * 42 * 5
            let header = 200
            #expect(winningChange + welcome + filled + header < 7_999, "change \(winningChange) B, welcome \(welcome) B")
            #expect(winningChange + welcome < 4_000, "change \(winningChange) B, welcome \(welcome) B: half the room at most")
        }
    }
}
