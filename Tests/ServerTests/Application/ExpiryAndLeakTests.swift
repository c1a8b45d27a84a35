import Foundation
import GridGames
import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe
import WireProtocol

/// Matches torn down from memory: nothing of their trees stays alive, and they come back from the store.
@Suite("Expiry and leaks")
struct ExpiryAndLeakTests {
    private static func tag(_ matchID: String) -> String { "match:\(matchID)" }

    @Test func test_manyMatchesPlayedAndExpired_leaveNoRIBObjectAlive() async throws {
        try await withTestServer(configure: { $0.idleTimeout = .milliseconds(300) }) { server in
            var matchIDs: [String] = []
            for round in 0..<12 {
                let matchID = try await server.createMatch()
                matchIDs.append(matchID)
                let pair = try await server.seatedPair(matchID: matchID)
                if round % 3 == 0 {
                    // A win.
                    pair.alice.send(.startGame(gameId: "ticTacToe"))
                    for (player, row, col) in [
                        (pair.alice, 0, 0), (pair.bob, 1, 0), (pair.alice, 0, 1), (pair.bob, 1, 1), (pair.alice, 0, 2),
                    ] {
                        player.send(.move(row: row, col: col))
                        _ = try await pair.bob.next {
                            if case .board(let board, _) = $0 {
                                board.last == WireMove(row: row, col: col, seat: player === pair.alice ? .player1 : .player2)
                            } else {
                                false
                            }
                        }
                    }
                    try await pair.bob.nextScreen(.offGame)
                } else if round % 3 == 1 {
                    pair.bob.send(.startGame(gameId: "randomWin"))
                    try await pair.alice.nextScreen(.randomWin)
                    pair.alice.send(.roll)
                    try await pair.alice.nextScreen(.offGame)
                    // A workflow left waiting when the match is torn down must die with it.
                    pair.alice.send(.leave)
                    try await pair.bob.nextScreen(.loggedOut)
                    pair.bob.send(.launchGame(gameId: "ticTacToe"))
                } else {
                    pair.alice.send(.startGame(gameId: "ticTacToe"))
                    _ = try await pair.bob.nextBoard()
                    pair.bob.send(.leave)
                    try await pair.alice.nextScreen(.loggedOut)
                }
                #expect(!LeakDetector.liveObjects(tagged: Self.tag(matchID)).isEmpty, "sanity: a live match's RIBs are tracked")
                pair.alice.close()
                pair.bob.close()
                _ = try await pair.alice.closeCode()
                _ = try await pair.bob.closeCode()
            }
            // Idle time plus a few sweeps.
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, matchIDs.contains(where: { !LeakDetector.liveObjects(tagged: Self.tag($0)).isEmpty }) {
                try await Task.sleep(for: .milliseconds(100))
            }
            for matchID in matchIDs {
                #expect(LeakDetector.liveObjects(tagged: Self.tag(matchID)) == [], "match \(matchID)")
            }
        }
    }

    @Test func test_anExpiredMatch_comesBackFromTheStoreOnTheNextConnection_withItsScoreAndSeats() async throws {
        try await withTestServer(configure: { $0.idleTimeout = .milliseconds(200) }) { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            for (player, row, col) in [(pair.alice, 0, 0), (pair.bob, 1, 0), (pair.alice, 1, 1), (pair.bob, 2, 0), (pair.alice, 2, 2)] {
                player.send(.move(row: row, col: col))
                _ = try await pair.bob.next {
                    if case .board(let board, _) = $0 { board.last?.row == row && board.last?.col == col } else { false }
                }
            }
            try await pair.alice.nextScreen(.offGame)
            pair.alice.close()
            pair.bob.close()
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, !LeakDetector.liveObjects(tagged: Self.tag(matchID)).isEmpty {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(LeakDetector.liveObjects(tagged: Self.tag(matchID)).isEmpty)

            let (back, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.phase == .offGame)
            #expect(snapshot.score?.player1 == .init(name: "Alice", wins: 1))
            back.send(.resume(token: pair.bobToken))
            let seated = try await back.next { if case .seated = $0 { true } else { false } }
            #expect(seated == .seated(seat: .player2, name: "Bob", token: pair.bobToken))
        }
    }
}
