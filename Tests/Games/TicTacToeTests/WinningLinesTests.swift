import GameTestSupport
import GridGames
import MatchTree
import MatchWords
import Testing

@testable import TicTacToe

struct WinningLinesTests {
    @Test func test_all_areTheThreeRowsThreeColumnsAndTwoDiagonals() {
        #expect(
            WinningLines.all == [
                line((0, 0), (0, 1), (0, 2)), line((1, 0), (1, 1), (1, 2)), line((2, 0), (2, 1), (2, 2)),
                line((0, 0), (1, 0), (2, 0)), line((0, 1), (1, 1), (2, 1)), line((0, 2), (1, 2), (2, 2)),
                line((0, 0), (1, 1), (2, 2)), line((0, 2), (1, 1), (2, 0)),
            ])
    }

    @Test(arguments: WinningLines.all, Seat.allCases)
    func test_lineFilledBySeat_winsWithThatLine(line: [Position], seat: Seat) throws {
        var board = Board()
        for position in line {
            try board.place(seat, at: position)
        }
        // An opponent mark off the line does not matter.
        if let elsewhere = WinningLines.all.flatMap({ $0 }).first(where: { !line.contains($0) }) {
            try board.place(seat.opponent, at: elsewhere)
        }
        #expect(GameOutcome.of(board) == .win(seat, line: line))
    }

    @Test(arguments: WinningLines.all, Seat.allCases)
    func test_lineWonInAGame_endsItWithThatLine(line: [Position], seat: Seat) throws {
        var game = TicTacToeGame(startingPlayer: seat)
        // Two marks can never make a line, so the opponent can play any cells off the line.
        let offLine = WinningLines.all.joined().filter { !line.contains($0) }
        var opponentCells = Array(Set(offLine)).sorted { ($0.row, $0.col) < ($1.row, $1.col) }.makeIterator()
        for position in line {
            if game.turn == seat.opponent, let cell = opponentCells.next() {
                try game.play(at: cell, by: seat.opponent)
            }
            try game.play(at: position, by: seat)
        }
        #expect(game.outcome == .win(seat, line: line))
        #expect(game.turn == nil)
    }

    @Test func test_boardWithoutLine_hasNoWinner() throws {
        var board = Board()
        try board.place(.player1, at: Position(row: 0, col: 0))
        try board.place(.player1, at: Position(row: 0, col: 1))
        try board.place(.player2, at: Position(row: 0, col: 2))
        #expect(WinningLines.winner(on: board) == nil)
        #expect(GameOutcome.of(board) == nil)
    }
}
