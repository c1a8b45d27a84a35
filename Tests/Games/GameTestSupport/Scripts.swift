import GridGames
import MatchTree
import MatchWords

/// A move in a scripted game: `seat` marks (row, col).
public struct ScriptedMove: Sendable {
    public let seat: Seat
    public let row: Int
    public let col: Int

    public init(_ seat: Seat, _ row: Int, _ col: Int) {
        self.seat = seat
        self.row = row
        self.col = col
    }
}

/// Scripted games, the first move by player1.
public enum Script {
    /// player1 fills the top row.
    public static let player1WinsTopRow = [
        ScriptedMove(.player1, 0, 0), ScriptedMove(.player2, 1, 0), ScriptedMove(.player1, 0, 1),
        ScriptedMove(.player2, 1, 1), ScriptedMove(.player1, 0, 2),
    ]
    /// A full board with no line: X O X / X O O / O X X.
    public static let draw = [
        ScriptedMove(.player1, 0, 0), ScriptedMove(.player2, 0, 1), ScriptedMove(.player1, 0, 2),
        ScriptedMove(.player2, 1, 1), ScriptedMove(.player1, 1, 0), ScriptedMove(.player2, 1, 2),
        ScriptedMove(.player1, 2, 1), ScriptedMove(.player2, 2, 0), ScriptedMove(.player1, 2, 2),
    ]

    /// `moves` with the seats swapped (for a game player2 starts).
    public static func swapped(_ moves: [ScriptedMove]) -> [ScriptedMove] {
        moves.map { ScriptedMove($0.seat.opponent, $0.row, $0.col) }
    }
}

/// The positions of a line, from (row, col) pairs.
public func line(_ cells: (Int, Int)...) -> [Position] {
    cells.map { Position(row: $0.0, col: $0.1) }
}

/// A winning line as a `gameOver` event names it, from (row, col) pairs: `[row, col]` each.
public func gridLine(_ cells: (Int, Int)...) -> [[Int]] {
    cells.map { [$0.0, $0.1] }
}
