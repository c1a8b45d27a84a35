import GridGames
import MatchTree
import MatchWords

/// The 3x3 grid of Tic Tac Toe: which seat's mark, if any, is in each cell.
struct Board: Hashable {
    /// The side of the square grid.
    static let size = 3

    /// Row-major, `size * size` entries.
    private(set) var cells: [Seat?] = Array(repeating: nil, count: Board.size * Board.size)

    /// Whether `position` is on the board.
    static func contains(_ position: Position) -> Bool {
        (0..<size).contains(position.row) && (0..<size).contains(position.col)
    }

    /// The mark at `position`, which must be on the board.
    subscript(position: Position) -> Seat? {
        cells[position.row * Board.size + position.col]
    }

    /// Whether every cell has a mark.
    var isFull: Bool { !cells.contains(nil) }

    /// Puts `seat`'s mark at `position`. Throws, changing nothing, when the position is off the
    /// board (`outOfBounds`) or already marked (`cellTaken`).
    mutating func place(_ seat: Seat, at position: Position) throws(MatchError) {
        guard Board.contains(position) else { throw .outOfBounds }
        guard self[position] == nil else { throw .cellTaken }
        cells[position.row * Board.size + position.col] = seat
    }
}
