import GridGames
import MatchTree
import MatchWords
import Testing

@testable import TicTacToe

/// How the computer plays Tic Tac Toe: `perfect` never loses, whatever the person plays; `easy` can.
struct TicTacToeStrategyTests {
    private static let cells = (0..<3).flatMap { row in (0..<3).map { Position(row: row, col: $0) } }

    /// What the walk through every line of play found (`total` counts each end position once).
    private struct Lines {
        var total = 0
        var computerWins = 0
        var draws = 0
        var computerLosses = 0
        /// Boards whose every continuation was walked already: the same marks reached by moves in
        /// another order (the seat to move and the outcome follow from the marks) continue the same way.
        var walked: Set<Board> = []
    }

    /// Plays every move the person may make and every move `perfect` may choose (any of the equally
    /// good ones it picks among), from `game` to every end.
    private func walk(_ game: TicTacToeGame, computer: Seat, lines: inout Lines) throws {
        guard lines.walked.insert(game.board).inserted else { return }
        guard let turn = game.turn else {
            lines.total += 1
            switch game.outcome?.winner {
            case computer?: lines.computerWins += 1
            case nil: lines.draws += 1
            default: lines.computerLosses += 1
            }
            return
        }
        let moves =
            turn == computer
            ? TicTacToeStrategy.candidates(on: game.board, for: computer, level: .perfect)
            : Self.cells.filter { game.board[$0] == nil }
        #expect(!moves.isEmpty)
        for position in moves {
            var next = game
            try next.play(at: position, by: turn)
            try walk(next, computer: computer, lines: &lines)
        }
    }

    @Test(arguments: [Seat.player1, .player2])
    func test_perfect_neverLoses_inEveryLineThePersonCanPlay_movingFirstOrSecond(computerStarts: Seat) throws {
        let computer = Seat.player2
        var lines = Lines()
        try walk(TicTacToeGame(startingPlayer: computerStarts), computer: computer, lines: &lines)
        #expect(lines.computerLosses == 0)
        // Every end was reached: dozens of them, some won by the computer (the person's mistakes).
        #expect(lines.total > 50)
        #expect(lines.computerWins > 0 && lines.draws > 0)
    }

    @Test func test_perfect_takesAWinAtOnce_andBlocksTheOpponentsLine() throws {
        // O (the computer, player2) has (1,0),(1,1); X has (0,0),(0,1): O wins at (1,2) rather than block.
        var game = TicTacToeGame(startingPlayer: .player1)
        for (seat, row, col) in [(Seat.player1, 0, 0), (.player2, 1, 0), (.player1, 0, 1), (.player2, 1, 1), (.player1, 2, 2)] {
            try game.play(at: Position(row: row, col: col), by: seat)
        }
        #expect(TicTacToeStrategy.candidates(on: game.board, for: .player2, level: .perfect) == [Position(row: 1, col: 2)])
        // X threatens (0,2): the only move that does not lose is to block it.
        var threatened = TicTacToeGame(startingPlayer: .player1)
        for (seat, row, col) in [(Seat.player1, 0, 0), (.player2, 1, 1), (.player1, 0, 1)] {
            try threatened.play(at: Position(row: row, col: col), by: seat)
        }
        #expect(TicTacToeStrategy.candidates(on: threatened.board, for: .player2, level: .perfect) == [Position(row: 0, col: 2)])
    }

    @Test func test_easy_canLose_itDoesNotBlock() throws {
        // The person (X) takes the centre and the top middle; easy, picking the first cell it considers,
        // never blocks the middle column.
        var game = TicTacToeGame(startingPlayer: .player1)
        for person in [Position(row: 1, col: 1), Position(row: 0, col: 1), Position(row: 2, col: 1)] {
            try game.play(at: person, by: .player1)
            guard game.turn == .player2 else { break }
            let reply = try #require(TicTacToeStrategy.move(on: game.board, for: .player2, level: .easy, pick: { _ in 0 }))
            try game.play(at: reply, by: .player2)
        }
        #expect(game.outcome?.winner == .player1)
    }

    @Test func test_easy_takesAWinItSees() throws {
        var game = TicTacToeGame(startingPlayer: .player1)
        for (seat, row, col) in [(Seat.player1, 0, 0), (.player2, 1, 0), (.player1, 0, 1), (.player2, 1, 1), (.player1, 2, 2)] {
            try game.play(at: Position(row: row, col: col), by: seat)
        }
        #expect(TicTacToeStrategy.candidates(on: game.board, for: .player2, level: .easy) == [Position(row: 1, col: 2)])
    }

    @Test func test_anEndedGame_hasNoMove() throws {
        var game = TicTacToeGame(startingPlayer: .player1)
        for (seat, row, col) in [(Seat.player1, 0, 0), (.player2, 1, 0), (.player1, 0, 1), (.player2, 1, 1), (.player1, 0, 2)] {
            try game.play(at: Position(row: row, col: col), by: seat)
        }
        for level in ComputerLevel.allCases {
            #expect(TicTacToeStrategy.move(on: game.board, for: .player2, level: level, pick: { _ in 0 }) == nil)
        }
    }
}
