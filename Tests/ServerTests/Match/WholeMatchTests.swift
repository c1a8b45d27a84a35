import Foundation
import GridGames
import MatchWords
import RIBs
import Server
import Testing
import TicTacToe
import WireProtocol

/// Two players and a spectator play whole games against the real server over real WebSockets.
@Suite("A whole match over WebSockets")
struct WholeMatchTests {
    @Test func test_twoPlayersAndASpectator_playAWholeGame_everyoneSeesEveryMoveAndTheScore() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (spectator, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(let you, let snapshot, _) = welcome else {
                Issue.record("no welcome")
                return
            }
            #expect(you == nil)
            #expect(snapshot.phase == .loggedOut)

            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            #expect(try await pair.bob.nextBoard().turn == .player1)
            #expect(try await spectator.nextBoard().turn == .player1)

            // Alice wins along the top row; Bob plays the middle row.
            let moves: [(TestClient, Int, Int)] = [
                (pair.alice, 0, 0), (pair.bob, 1, 0), (pair.alice, 0, 1), (pair.bob, 1, 1), (pair.alice, 0, 2),
            ]
            for (player, row, col) in moves {
                player.send(.move(row: row, col: col))
                let seen = try await spectator.nextBoard()
                #expect(seen.last == WireMove(row: row, col: col, seat: player === pair.alice ? .player1 : .player2))
            }
            let over = try await spectator.next { if case .gameOver = $0 { true } else { false } }
            guard case .gameOver(let winner, let line, _, _, _, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(winner == .player1)
            #expect(line == [[0, 0], [0, 1], [0, 2]])
            let score = try await spectator.nextScore()
            #expect(score.player1 == .init(name: "Alice", wins: 1))
            #expect(score.player2 == .init(name: "Bob", wins: 0))
            try await spectator.nextScreen(.offGame)

            // The summary reports the same.
            let summary = try await HTTP.get(port: server.port, "/api/matches/\(matchID)")
            #expect(summary.status == 200)
            guard case .success(let decoded) = MatchSummary.decode(summary.body) else {
                Issue.record("summary")
                return
            }
            #expect(decoded.score == .init(player1: 1, player2: 0, draws: 0))
            #expect(decoded.spectators == 1)
            #expect(decoded.players.map(\.name) == ["Alice", "Bob"])
        }
    }

    @Test func test_everyBroadcast_carriesTheNextVersion() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (spectator, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            var last = welcome.version ?? 0
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            pair.alice.send(.move(row: 1, col: 1))
            _ = try await pair.bob.nextBoard()
            _ = try await pair.bob.nextBoard()
            pair.bob.send(.move(row: 0, col: 0))
            _ = try await pair.alice.next { if case .board(let board, _) = $0 { board.last?.seat == .player2 } else { false } }
            for _ in 0..<9 {
                let message = try await spectator.next()
                guard let v = message.version else { continue }
                #expect(v == last + 1, "\(message)")
                last = v
            }
        }
    }
}
