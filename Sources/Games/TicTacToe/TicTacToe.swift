import GameUnits
import GridGames
import MatchTree
import MatchWords

/// Tic Tac Toe as the server offers it: 3×3, three in a row wins, a full board is a draw.
///
/// Its parts: `Rules/` (the game as a value), `RIB/` (the game in the match tree), `Unit/` (its client
/// message and its record).
public struct TicTacToe: GridGameUnit {
    public static let id: GameID = "ticTacToe"

    public var id: GameID { Self.id }
    public var name: String { "Tic Tac Toe" }

    public init() {}

    public func makeBuilder(dependency: GameDependency) -> GameBuildable {
        TicTacToeBuilder(dependency: dependency)
    }
}
