/// A Tic Tac Toe board: the body of the `board` message, the `ticTacToe` screen's `board` and the
/// snapshot's `board`.
public struct WireBoard: Codable, Hashable, Sendable {
    /// The 9 cells, row-major (index `row * 3 + col`): the seat that marked it, or `nil` (`null`).
    public var cells: [WireSeat?]
    /// Whose turn it is, or `nil` (`null`) once the game is over.
    @ExplicitNull public var turn: WireSeat?
    /// The last mark placed, or `nil` (`null`) before the first move.
    @ExplicitNull public var last: WireMove?

    /// A board.
    /// - Parameters:
    ///   - cells: 9 entries, row-major.
    ///   - turn: the seat to move, nil once the game is over.
    ///   - last: the last mark, nil before the first move.
    public init(cells: [WireSeat?], turn: WireSeat?, last: WireMove?) {
        self.cells = cells
        self.turn = turn
        self.last = last
    }
}

/// A mark on the board: `{"row", "col", "seat"}`.
public struct WireMove: Codable, Hashable, Sendable {
    /// The row, 0...2.
    public var row: Int
    /// The column, 0...2.
    public var col: Int
    /// The seat that placed the mark.
    public var seat: WireSeat

    /// A mark.
    public init(row: Int, col: Int, seat: WireSeat) {
        self.row = row
        self.col = col
        self.seat = seat
    }
}
