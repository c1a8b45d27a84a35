import ConnectFour
import Foundation
import GridGames
import MatchWords
import Testing
import WireProtocol

/// Connect Four through the real server: offered by OffGame, played over WebSockets, watched by a
/// spectator, and stored: a kill of the process loses no drop anyone was told of.
@Suite("Connect Four over WebSockets")
struct ConnectFourServerTests {
    /// Drops `columns` alternately, Alice first, each one seen by `watcher` before the next.
    private func drop(_ columns: [Int], pair: SeatedPair, watcher: TestClient) async throws -> WireBoard {
        var board: WireBoard?
        for (index, column) in columns.enumerated() {
            (index.isMultiple(of: 2) ? pair.alice : pair.bob).send(.drop(col: column))
            board = try await watcher.next { if case .board(let board, _) = $0 { board.last != nil } else { false } }.board
        }
        return try #require(board)
    }

    @Test func test_offGameOffersIt_twoPlayersPlayToFourDown_aSpectatorSeesEveryDropAndTheLine() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let pair = try await server.seatedPair(matchID: matchID)
            let offGame = try await spectator.nextScreen(.offGame)
            // Third, after the two games of the tutorials (games added later come after it).
            guard case .offGame(let games) = offGame else {
                Issue.record("expected .offGame, got \(offGame)")
                return
            }
            #expect(
                games.prefix(3) == [
                    WireGame(id: "ticTacToe", name: "Tic Tac Toe"), WireGame(id: "randomWin", name: "Random Win"),
                    WireGame(id: "connectFour", name: "Connect Four"),
                ])

            pair.alice.send(.startGame(gameId: "connectFour"))
            let screen = try await spectator.nextScreen(.connectFour)
            #expect(screen == .connectFour(board: WireBoard(cells: Array(repeating: nil, count: 42), turn: .player1, last: nil)))

            // Bob drops out of turn, off the grid, then fills nothing: each is refused and changes nothing.
            pair.bob.send(.drop(col: 0))
            #expect(try await pair.bob.nextError() == .notYourTurn)
            pair.alice.send(.drop(col: 7))
            let outOfBounds = try await pair.alice.next { if case .error = $0 { true } else { false } }
            #expect(outOfBounds == .error(code: .outOfBounds, message: "The column must be 0 to 6."))
            pair.alice.send(.move(row: 0, col: 0))
            #expect(try await pair.alice.nextError() == .wrongPhase)

            let board = try await drop([2, 4, 2, 4, 2, 4], pair: pair, watcher: spectator)
            #expect(board.cells[5 * 7 + 2] == .player1)
            #expect(board.cells[3 * 7 + 4] == .player2)
            #expect(board.last == WireMove(row: 3, col: 4, seat: .player2))
            pair.alice.send(.drop(col: 2))
            let over = try await spectator.next { if case .gameOver = $0 { true } else { false } }
            guard case .gameOver(let winner, let line, _, _, _, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(winner == .player1)
            #expect(line == [[2, 2], [3, 2], [4, 2], [5, 2]])
            #expect(try await spectator.nextScore().player1.wins == 1)
            try await spectator.nextScreen(.offGame)
        }
    }

    @Test func test_aFullColumn_isCellTaken() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.launchGame(gameId: "connectFour"))
            _ = try await pair.bob.nextScreen(.connectFour)
            _ = try await drop([3, 3, 3, 3, 3, 3], pair: pair, watcher: pair.bob)
            pair.alice.send(.drop(col: 3))
            let full = try await pair.alice.next { if case .error = $0 { true } else { false } }
            #expect(full == .error(code: .cellTaken, message: "That column is full."))
        }
    }

    @Test func test_killRightAfterADropWasSeen_theRestartedServerShowsTheSameGrid_andTheGameGoesOn() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            let matchID = try await first.createMatch()
            let (spectator, _) = try await TestClient.connected(port: first.port, matchID: matchID)
            let pair = try await first.seatedPair(matchID: matchID)
            pair.bob.send(.startGame(gameId: "connectFour"))
            _ = try await spectator.nextScreen(.connectFour)
            let seen = try await drop([0, 1, 1, 2, 2, 3, 2], pair: pair, watcher: spectator)
            await first.kill()

            let second = try await launches.start()
            let (watcher, welcome) = try await TestClient.connected(port: second.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.phase == .connectFour)
            #expect(snapshot.board == seen)

            // Bob resumes and drops; Alice resumes and completes the rising diagonal (5,0) to (2,3).
            let back = try await pair.resumed(port: second.port, matchID: matchID)
            _ = try await drop(
                [3, 6, 3], pair: SeatedPair(alice: back.bob, bob: back.alice, aliceToken: "", bobToken: ""), watcher: watcher)
            back.alice.send(.drop(col: 3))
            let over = try await watcher.next { if case .gameOver = $0 { true } else { false } }
            #expect(over == .gameOver(winner: .player1, line: [[2, 3], [3, 2], [4, 1], [5, 0]], reason: "line", v: over.version ?? -1))
        }
    }
}

extension ServerMessage {
    /// The board of a `board` message, nil for any other message.
    fileprivate var board: WireBoard? {
        if case .board(let board, _) = self { board } else { nil }
    }
}
