import GridGames
import MatchTree
import MatchWords

/// One game of Connect Four as a value: the grid, whose turn it is, the last disc and the outcome.
struct ConnectFourGame: Hashable {
    private(set) var grid = Grid()
    /// The seat to move; nil once the game is over.
    private(set) var turn: Seat?
    private(set) var lastMove: Move?
    /// nil while the game goes on.
    private(set) var outcome: GameOutcome?

    init(startingPlayer: Seat) {
        turn = startingPlayer
    }

    /// Drops `seat`'s disc in `column` and passes the turn, or ends the game.
    /// Checks in this order, and throws changing nothing: not `seat`'s turn or the game is over
    /// (`notYourTurn`), off the grid (`outOfBounds`), column full (`cellTaken`).
    mutating func drop(in column: Int, by seat: Seat) throws(MatchError) {
        guard turn == seat else { throw .notYourTurn }
        let landed = try grid.drop(seat, in: column)
        lastMove = Move(position: landed, seat: seat)
        if let line = FourInARow.line(through: landed, of: seat, on: grid) {
            outcome = .win(seat, line: line)
        } else if grid.isFull {
            outcome = .draw
        }
        turn = outcome == nil ? seat.opponent : nil
    }

    /// Ends a game in progress before its rules do: `winner` wins (the opponent gave up), or nil, a
    /// draw both agreed. Does nothing once the game is over.
    mutating func end(winner: Seat?) {
        guard outcome == nil else { return }
        outcome = winner.map { .forfeit(by: $0.opponent) } ?? .draw
        turn = nil
    }

    /// What the Connect Four screen shows.
    var state: BoardState {
        BoardState(cells: grid.cells, turn: turn, last: lastMove)
    }
}
