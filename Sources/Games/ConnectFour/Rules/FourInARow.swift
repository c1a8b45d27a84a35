import GridGames
import MatchTree
import MatchWords

/// Finds the four in a row a disc completes.
enum FourInARow {
    /// The directions a line runs in: across, down, and the two diagonals.
    private static let directions = [(0, 1), (1, 0), (1, 1), (1, -1)]

    /// The four cells of a line of `seat`'s discs through `position` in reading order (top to bottom,
    /// then left to right), or nil if the disc there completes none. When the run is longer than four,
    /// the first four of it that include `position`.
    static func line(through position: Position, of seat: Seat, on grid: Grid) -> [Position]? {
        for (rowStep, colStep) in directions {
            var run = [position]
            for sign in [-1, 1] {
                var next = Position(row: position.row + sign * rowStep, col: position.col + sign * colStep)
                while grid[next] == seat {
                    run.append(next)
                    next = Position(row: next.row + sign * rowStep, col: next.col + sign * colStep)
                }
            }
            guard run.count >= 4 else { continue }
            run.sort { ($0.row, $0.col) < ($1.row, $1.col) }
            // Cannot be nil: `position` is in the run.
            let index = run.firstIndex(of: position)!
            let start = min(max(0, index - 3), run.count - 4)
            return Array(run[start..<start + 4])
        }
        return nil
    }
}
