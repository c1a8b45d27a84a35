import Foundation
import GridGames
import Testing
import TicTacToe
import WireProtocol

/// A watch-only connection (`/ws/{id}?watch=1`, issue 31): a spectator that sees everything and can
/// never take a seat; `login` and `resume` on it say so with a code of their own.
@Suite("Watch-only connections")
struct WatchOnlyTests {
    @Test func test_aWatchOnlyConnection_seesTheMatch_butLoginAndResumeAreRefusedWatchOnly() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: "\(matchID)?watch=1")
            guard case .welcome(let you, _, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(you == nil)
            watcher.send(.login(name: "Mallory"))
            let refusal = try await watcher.next { $0.type == "error" }
            guard case .error(let code, let sentence) = refusal else {
                Issue.record("expected .error, got \(refusal)")
                return
            }
            #expect(code == .watchOnly)
            #expect(sentence.contains("reconnect without ?watch=1"))
            #expect(try await server.summary(of: matchID).players.isEmpty, "nobody sat down")

            let pair = try await server.seatedPair(matchID: matchID)
            watcher.send(.resume(token: pair.aliceToken))
            #expect(try await watcher.nextError() == .watchOnly, "even with a good token")
            watcher.send(.chat(phrase: "hello"))
            #expect(try await watcher.nextError() == .notSeated)

            pair.alice.send(.startGame(gameId: "ticTacToe"))
            pair.alice.send(.move(row: 1, col: 1))
            #expect(try await watcher.nextBoard(last: WireMove(row: 1, col: 1, seat: .player1)).turn == .player2)
            #expect(try await server.summary(of: matchID).spectators == 1)
        }
    }
}
