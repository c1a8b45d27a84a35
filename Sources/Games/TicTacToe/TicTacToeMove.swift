import GridGames
import MatchTree
import MatchWords

/// A mark placed on a cell: Tic Tac Toe's only move.
public struct TicTacToeMove: GameAction, Hashable {
    public let position: Position
    public var game: GameID { TicTacToe.id }

    public init(position: Position) {
        self.position = position
    }
}

extension MatchInput {
    /// Marks the cell at `row` and `col` (0-based) in a game of Tic Tac Toe.
    public static func move(row: Int, col: Int) -> MatchInput {
        .play(TicTacToeMove(position: Position(row: row, col: col)))
    }
}
