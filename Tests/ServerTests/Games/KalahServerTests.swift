import Foundation
import Kalah
import MatchWords
import Testing
import WireProtocol

/// Kalah through the real server: offered by OffGame, played over WebSockets, watched by a spectator,
/// refused in its own words, and stored: a kill of the process loses no sowing anyone was told of.
@Suite("Kalah over WebSockets")
struct KalahServerTests {
    /// Sows `pits` in order, each by the seat whose turn it is, each seen by `watcher` before the next.
    private func sow(_ pits: [Int], alice: TestClient, bob: TestClient, watcher: TestClient, startingWith first: WireSeat = .player1)
        async throws -> WireBoard
    {
        var turn = first
        var board: WireBoard?
        for pit in pits {
            (turn == .player1 ? alice : bob).send(.sow(pit: pit))
            board = try await watcher.next { if case .board(let board, _) = $0 { board.lastSowing != nil } else { false } }.kalahBoard
            turn = try #require(board?.turn)
        }
        return try #require(board)
    }

    @Test func test_offeredFourth_playedWithAnExtraTurnAndACapture_aSpectatorSeesEverySowing() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let pair = try await server.seatedPair(matchID: matchID)
            guard case .offGame(let games) = try await spectator.nextScreen(.offGame) else {
                Issue.record("expected .offGame from try await spectator.nextScreen(.offGame)")
                return
            }
            #expect(games.last == WireGame(id: "kalah", name: "Kalah"))

            pair.alice.send(.startGame(gameId: "kalah"))
            guard case .playing("kalah", let screenBoard) = try await spectator.nextScreen(.kalah) else {
                Issue.record("expected .playing from try await spectator.nextScreen(.kalah)")
                return
            }
            #expect(screenBoard?.pits == [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0])
            #expect(screenBoard?.turn == .player1)

            // Out of turn, off the board, another game's move: each refused, changing nothing.
            pair.bob.send(.sow(pit: 0))
            #expect(try await pair.bob.nextError() == .notYourTurn)
            pair.alice.send(.sow(pit: 6))
            let outOfBounds = try await pair.alice.next { if case .error = $0 { true } else { false } }
            #expect(outOfBounds == .error(code: .outOfBounds, message: "Choose one of your six pits: 0 to 5."))
            pair.alice.send(.drop(col: 0))
            #expect(try await pair.alice.nextError() == .wrongPhase)

            // Alice's pit 2 ends in her store: she moves again; her emptied pit 2 is then refused.
            var board = try await sow([2], alice: pair.alice, bob: pair.bob, watcher: spectator)
            #expect(board.pits == [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0])
            #expect(board.turn == .player1)
            pair.alice.send(.sow(pit: 2))
            let empty = try await pair.alice.next { if case .error = $0 { true } else { false } }
            #expect(empty == .error(code: .cellTaken, message: "That pit is empty."))

            // Alice's pit 5 (5 seeds): one in her store, four in Bob's pits 0-3; the turn passes to Bob.
            board = try await sow([5], alice: pair.alice, bob: pair.bob, watcher: spectator)
            #expect(board.pits == [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0])
            #expect(board.turn == .player2)
            #expect(board.lastSowing?.seat == .player1 && board.lastSowing?.pit == 5)
        }
    }

    @Test func test_aWholeGameAgainstTheComputer_endsWithAResultScoredAndListedInTheGamesAPI() async throws {
        // The computer answers at once, so Alice sends faster than the default 20 messages a second.
        try await withTestServer(configure: {
            $0.computerDelay = .zero
            $0.messagesPerSecond = 1000
        }) { server in
            let created = try await server.createComputerMatch(level: "easy")
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: created)
            alice.send(.login(name: "Alice"))
            _ = try await alice.next { if case .seated = $0 { true } else { false } }
            alice.send(.startGame(gameId: "kalah"))
            _ = try await alice.nextScreen(.kalah)
            // Alice sows her first non-empty pit whenever it is her turn, until the game is over.
            var over: ServerMessage?
            while over == nil {
                let message = try await alice.next {
                    switch $0 {
                    case .board(let board, _): board.turn == .player1
                    case .gameOver, .error: true
                    default: false
                    }
                }
                if case .error(let code, let sentence) = message {
                    Issue.record("a sowing was refused: \(code) \(sentence)")
                    return
                } else if case .gameOver = message {
                    over = message
                } else if let pits = message.kalahBoard?.pits, let pit = (0..<6).first(where: { pits[$0] > 0 }) {
                    alice.send(.sow(pit: pit))
                }
            }
            guard case .gameOver(_, let line, _, _, _, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(line == nil)
            let page = try await server.games(of: created)
            let game = try #require(page.games.first)
            #expect(game.gameId == "kalah")
            #expect(game.result != nil)
            #expect(game.moves.allSatisfy { $0.fields.keys.sorted() == ["pit"] && (0..<6).contains($0.fields["pit"]?.integer ?? -1) })
        }
    }

    @Test func test_killRightAfterASowingWasSeen_theRestartedServerShowsTheSamePits_andTheGameGoesOn() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            let matchID = try await first.createMatch()
            let (spectator, _) = try await TestClient.connected(port: first.port, matchID: matchID)
            let pair = try await first.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "kalah"))
            _ = try await spectator.nextScreen(.kalah)
            let seen = try await sow([2, 5, 0], alice: pair.alice, bob: pair.bob, watcher: spectator)
            await first.kill()

            let second = try await launches.start()
            let (watcher, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.phase == .kalah)
            #expect(snapshot.board == seen)

            let back = try await pair.resumed(port: second.port, matchID: matchID)
            let turn = try #require(seen.turn)
            let pits = seen.pits
            let base = turn == .player1 ? 0 : 7
            let pit = try #require((0..<6).first { pits[base + $0] > 0 })
            let after = try await sow([pit], alice: back.alice, bob: back.bob, watcher: watcher, startingWith: turn)
            #expect(after.pits.reduce(0, +) == 48)
            #expect(after.lastSowing?.pit == pit)
        }
    }
}

extension ServerMessage {
    /// The board of a `board` message, nil for any other message.
    fileprivate var kalahBoard: WireBoard? {
        if case .board(let board, _) = self { board } else { nil }
    }
}
