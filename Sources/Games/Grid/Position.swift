/// A cell of a grid board, 0-based, row 0 at the top.
public struct Position: Sendable, Hashable, Codable {
    public let row: Int
    public let col: Int

    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }

    /// The cell as a winning line names it in `gameOver` and the games API: `[row, col]`.
    public var coordinates: [Int] { [row, col] }
}
