import GameUnits
import GridGames
import MatchTree
import MatchWords

/// Connect Four as the server offers it: 7 columns by 6 rows, discs fall to the lowest free cell of
/// the column they are dropped in, four in a row (across, down or diagonal) wins, a full grid is a draw.
///
/// Its parts: `Rules/` (the game as a value), `RIB/` (the game in the match tree), `Unit/` (its client
/// message and its record).
public struct ConnectFour: GridGameUnit {
    public static let id: GameID = "connectFour"

    public var id: GameID { Self.id }
    public var name: String { "Connect Four" }

    public init() {}

    public func makeBuilder(dependency: GameDependency) -> GameBuildable {
        ConnectFourBuilder(dependency: dependency)
    }
}

/// A disc dropped in a column: Connect Four's only move.
public struct ConnectFourDrop: GameAction, Hashable {
    /// The column, 0 (left) to 6 (right) on the grid; any other number is refused as `outOfBounds`.
    public let column: Int
    public var game: GameID { ConnectFour.id }

    public init(column: Int) {
        self.column = column
    }
}

extension MatchInput {
    /// Drops a disc in `col` (0-based) in a game of Connect Four.
    public static func drop(col: Int) -> MatchInput { .play(ConnectFourDrop(column: col)) }
}
