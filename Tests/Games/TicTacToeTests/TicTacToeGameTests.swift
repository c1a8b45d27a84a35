import GameTestSupport
import GridGames
import MatchTree
import MatchWords
import Testing

@testable import TicTacToe

struct TicTacToeGameTests {
    private func play(_ moves: [ScriptedMove], startingWith startingPlayer: Seat = .player1) throws -> TicTacToeGame {
        var game = TicTacToeGame(startingPlayer: startingPlayer)
        for move in moves {
            try game.play(at: Position(row: move.row, col: move.col), by: move.seat)
        }
        return game
    }

    @Test func test_newGame_isTheStartingPlayersTurnOnAnEmptyBoard() {
        let game = TicTacToeGame(startingPlayer: .player2)
        #expect(game.state == BoardState(cells: Array(repeating: nil, count: 9), turn: .player2, last: nil))
        #expect(game.outcome == nil)
    }

    @Test func test_moves_alternateTurnsAndRecordTheLastMove() throws {
        let game = try play([ScriptedMove(.player1, 2, 2), ScriptedMove(.player2, 0, 0)])
        #expect(game.turn == .player1)
        #expect(game.lastMove == Move(position: Position(row: 0, col: 0), seat: .player2))
        #expect(game.state.cells[8] == .player1 && game.state.cells[0] == .player2)
    }

    @Test func test_fullBoardWithoutLine_isADraw() throws {
        let game = try play(Script.draw)
        #expect(game.outcome == .draw)
        #expect(game.outcome?.winner == nil && game.outcome?.line == nil)
        #expect(game.turn == nil)
    }

    @Test func test_lastCellCompletingALine_isAWinNotADraw() throws {
        // X O X / O X O / O X X: the ninth mark fills the diagonal.
        let moves = [
            ScriptedMove(.player1, 0, 0), ScriptedMove(.player2, 0, 1), ScriptedMove(.player1, 0, 2),
            ScriptedMove(.player2, 1, 0), ScriptedMove(.player1, 1, 1), ScriptedMove(.player2, 1, 2),
            ScriptedMove(.player1, 2, 1), ScriptedMove(.player2, 2, 0), ScriptedMove(.player1, 2, 2),
        ]
        let game = try play(moves)
        #expect(game.outcome == .win(.player1, line: line((0, 0), (1, 1), (2, 2))))
    }

    @Test func test_moveByTheSeatNotToPlay_isNotYourTurn() {
        var game = TicTacToeGame(startingPlayer: .player1)
        #expect(throws: MatchError.notYourTurn) { try game.play(at: Position(row: 0, col: 0), by: .player2) }
    }

    @Test func test_moveAfterTheEnd_isNotYourTurn() throws {
        var game = try play(Script.player1WinsTopRow)
        #expect(throws: MatchError.notYourTurn) { try game.play(at: Position(row: 2, col: 2), by: .player2) }
        #expect(throws: MatchError.notYourTurn) { try game.play(at: Position(row: 2, col: 2), by: .player1) }
    }

    @Test(arguments: [(-1, 0), (0, -1), (3, 0), (0, 3), (Int.max, Int.min)])
    func test_moveOffTheBoard_isOutOfBounds(row: Int, col: Int) {
        var game = TicTacToeGame(startingPlayer: .player1)
        #expect(throws: MatchError.outOfBounds) { try game.play(at: Position(row: row, col: col), by: .player1) }
    }

    @Test func test_moveOnAMarkedCell_isCellTaken() throws {
        var game = try play([ScriptedMove(.player1, 1, 1)])
        #expect(throws: MatchError.cellTaken) { try game.play(at: Position(row: 1, col: 1), by: .player2) }
    }

    @Test func test_checks_comeInOrderTurnThenBoundsThenCell() throws {
        var game = try play([ScriptedMove(.player1, 1, 1)])
        #expect(throws: MatchError.notYourTurn) { try game.play(at: Position(row: 1, col: 1), by: .player1) }
        #expect(throws: MatchError.notYourTurn) { try game.play(at: Position(row: 7, col: 7), by: .player1) }
        #expect(throws: MatchError.outOfBounds) { try game.play(at: Position(row: 7, col: 7), by: .player2) }
    }

    @Test func test_refusedMove_changesNothing() throws {
        var game = try play([ScriptedMove(.player1, 1, 1)])
        let before = game
        for (position, seat) in [
            (Position(row: 1, col: 1), Seat.player2), (Position(row: 0, col: 0), .player1), (Position(row: 3, col: 3), .player2),
        ] {
            #expect(throws: MatchError.self) { try game.play(at: position, by: seat) }
        }
        #expect(game == before)
    }

    @Test func test_forfeit_endsTheGameForTheOpponent() {
        var game = TicTacToeGame(startingPlayer: .player1)
        game.end(winner: .player2)
        #expect(game.outcome == .forfeit(by: .player1))
        #expect(game.outcome?.winner == .player2 && game.outcome?.line == nil)
        #expect(game.turn == nil)
    }

    @Test func test_forfeitAfterTheEnd_changesNothing() throws {
        var game = try play(Script.draw)
        game.end(winner: .player2)
        #expect(game.outcome == .draw)
    }
}
