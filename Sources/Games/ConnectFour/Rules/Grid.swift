import GridGames
import MatchTree
import MatchWords

/// Connect Four's upright grid: which seat's disc, if any, is in each cell. Row 0 is the top row, so
/// a disc dropped in a column lands in the free cell with the highest row number.
struct Grid: Hashable {
    static let rows = 6
    static let columns = 7

    /// Row-major, `rows * columns` entries.
    private(set) var cells: [Seat?] = Array(repeating: nil, count: Grid.rows * Grid.columns)

    /// Whether `position` is on the grid.
    static func contains(_ position: Position) -> Bool {
        (0..<rows).contains(position.row) && (0..<columns).contains(position.col)
    }

    /// The disc at `position`, nil for an empty cell or one off the grid.
    subscript(position: Position) -> Seat? {
        Grid.contains(position) ? cells[position.row * Grid.columns + position.col] : nil
    }

    /// Whether every cell has a disc.
    var isFull: Bool { !cells.contains(nil) }

    /// Drops `seat`'s disc in `column` and returns where it landed. Throws, changing nothing, when the
    /// column is off the grid (`outOfBounds`) or full (`cellTaken`).
    mutating func drop(_ seat: Seat, in column: Int) throws(MatchError) -> Position {
        guard (0..<Grid.columns).contains(column) else { throw .outOfBounds }
        guard let row = (0..<Grid.rows).last(where: { cells[$0 * Grid.columns + column] == nil }) else { throw .cellTaken }
        cells[row * Grid.columns + column] = seat
        return Position(row: row, col: column)
    }
}
