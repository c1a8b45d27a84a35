import MatchTree
import MatchWords

/// What a grid game's screen shows: the cells (row-major, `rows * columns` entries, as the game defines
/// its grid), whose turn it is (nil once the game is over) and the last mark placed (nil before the
/// first move).
public struct BoardState: GameBoard, Hashable, Codable {
    public var cells: [Seat?]
    public var turn: Seat?
    public var last: Move?

    public init(cells: [Seat?], turn: Seat?, last: Move?) {
        self.cells = cells
        self.turn = turn
        self.last = last
    }
}

extension AnyGameBoard {
    /// The board as a grid game's, nil for another game's.
    public var grid: BoardState? { self.as(BoardState.self) }
}
