import GridGames
import MatchTree
import MatchWords

/// One game of Tic Tac Toe as a value: the board, whose turn it is, the last move and the outcome.
struct TicTacToeGame: Hashable {
    private(set) var board = Board()
    /// The seat to move; nil once the game is over.
    private(set) var turn: Seat?
    private(set) var lastMove: Move?
    /// nil while the game goes on.
    private(set) var outcome: GameOutcome?

    init(startingPlayer: Seat) {
        turn = startingPlayer
    }

    /// Places `seat`'s mark at `position` and passes the turn, or ends the game.
    /// Checks in this order, and throws changing nothing: not `seat`'s turn or the game is over
    /// (`notYourTurn`), off the board (`outOfBounds`), cell already marked (`cellTaken`).
    mutating func play(at position: Position, by seat: Seat) throws(MatchError) {
        guard turn == seat else { throw .notYourTurn }
        try board.place(seat, at: position)
        lastMove = Move(position: position, seat: seat)
        outcome = GameOutcome.of(board)
        turn = outcome == nil ? seat.opponent : nil
    }

    /// Ends a game in progress before its rules do: `winner` wins (the opponent gave up), or nil, a
    /// draw both agreed. Does nothing once the game is over.
    mutating func end(winner: Seat?) {
        guard outcome == nil else { return }
        outcome = winner.map { .forfeit(by: $0.opponent) } ?? .draw
        turn = nil
    }

    /// What the TicTacToe screen shows.
    var state: BoardState {
        BoardState(cells: board.cells, turn: turn, last: lastMove)
    }
}
