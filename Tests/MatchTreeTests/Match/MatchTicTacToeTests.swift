import GameTestSupport
import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

struct MatchTicTacToeTests {
    @Test func test_startGame_emitsGameStartedTheScreenAndAnEmptyBoard() throws {
        let match = try Match.withPair()
        let events = try match.apply(.startGame(gameId: "ticTacToe"), by: .player2)
        #expect(events == Expected.ticTacToeStart(.player1))
        #expect(match.snapshot.phase == .ticTacToe)
        #expect(match.snapshot.board?.grid == Expected.emptyBoard(turn: .player1))
    }

    @Test func test_move_emitsTheBoardWithTheMoveAndTheNextTurn() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        let events = try match.apply(.move(row: 1, col: 2), by: .player1)
        var cells = [Seat?](repeating: nil, count: 9)
        cells[5] = .player1
        let board = BoardState(cells: cells, turn: .player2, last: Move(position: Position(row: 1, col: 2), seat: .player1))
        #expect(events == [.board(board)])
        #expect(match.snapshot.board?.grid == board)
    }

    @Test func test_winningMove_emitsBoardGameOverWithLineScoreAndOffGame() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        let events = try match.play(Script.player1WinsTopRow)
        let cells: [Seat?] = [.player1, .player1, .player1, .player2, .player2, nil, nil, nil, nil]
        let board = BoardState(cells: cells, turn: nil, last: Move(position: Position(row: 0, col: 2), seat: .player1))
        #expect(
            events == [
                .board(board),
                .gameOver(winner: .player1, line: gridLine((0, 0), (0, 1), (0, 2)), reason: .line),
                .score(Expected.score(1, 0)),
                Expected.offGameScreen,
            ])
        #expect(
            match.snapshot
                == MatchSnapshot(
                    phase: .offGame, players: [Expected.player(.player1, "Alice"), Expected.player(.player2, "Bob")],
                    score: Expected.score(1, 0), board: nil,
                    lastGame: FinishedGame(
                        game: .ticTacToe, winner: .player1, reason: .line, line: gridLine((0, 0), (0, 1), (0, 2)),
                        board: match.snapshot.lastGame?.board)
                ))
        #expect(match.snapshot.lastGame?.board != nil, "the final board stays between games")
    }

    @Test func test_fullBoardWithoutLine_endsInADraw() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        let events = try match.play(Script.draw)
        #expect(events.count == 4)
        #expect(
            Array(events.dropFirst()) == [
                .gameOver(winner: nil, line: nil, reason: .draw), .score(Expected.score(draws: 1)), Expected.offGameScreen,
            ])
    }

    @Test func test_laterGames_alternateTheStartingPlayer() throws {
        let match = try Match.withPair()
        var startingPlayers: [Seat] = []
        for game in 0..<4 {
            let events = try match.apply(.startGame(gameId: game == 2 ? "randomWin" : "ticTacToe"), by: .player1)
            guard case .gameStarted(_, let startingPlayer) = events.first else {
                Issue.record("no gameStarted in \(events)")
                return
            }
            startingPlayers.append(startingPlayer)
            if game == 2 {
                _ = try match.apply(.roll, by: .player2)
            } else {
                try match.play(startingPlayer == .player1 ? Script.draw : Script.swapped(Script.draw))
            }
        }
        #expect(startingPlayers == [.player1, .player2, .player1, .player2])
        #expect(match.snapshot.score == Expected.score(1, 0, draws: 3))
    }

    @Test func test_player2StartingGame_winsWithItsLine() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        try match.play(Script.draw)
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        let events = try match.play(Script.swapped(Script.player1WinsTopRow))
        #expect(events.dropFirst().first == .gameOver(winner: .player2, line: gridLine((0, 0), (0, 1), (0, 2)), reason: .line))
        #expect(match.snapshot.score == Expected.score(0, 1, draws: 1))
    }
}
