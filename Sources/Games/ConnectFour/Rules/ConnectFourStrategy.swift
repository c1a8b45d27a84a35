import MatchTree
import MatchWords

/// How the computer plays Connect Four. Pure: a grid in, the columns it would drop in out.
///
/// - `easy` drops where it wins at once, else in any column that is not full: it never blocks.
/// - `perfect` is not perfect play (that needs a solver far larger than this): it looks `searchDepth`
///   discs ahead (negamax with alpha-beta, centre columns first), valuing a won or lost grid by how
///   soon it comes and any other grid by its open lines (each run of four cells holding discs of one
///   side only, more for three than for two) and its discs in the centre column. It takes a win in one,
///   blocks a loss in one, and sees the forced wins and losses within its horizon.
enum ConnectFourStrategy {
    /// How many discs, its own and the opponent's, `perfect` looks ahead.
    static let searchDepth = 6

    /// The column the computer playing `seat` drops in on `grid`, picked by `pick` among those `level`
    /// finds equally good; nil when every column is full.
    static func column(on grid: Grid, for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> Int? {
        let choices = candidates(on: grid, for: seat, level: level)
        guard !choices.isEmpty else { return nil }
        return choices[pick(choices.count)]
    }

    /// Every column `level` would drop in for `seat` on `grid`, left to right.
    static func candidates(on grid: Grid, for seat: Seat, level: ComputerLevel) -> [Int] {
        var board = SearchBoard(grid, for: seat)
        let open = (0..<Grid.columns).filter(board.isOpen)
        switch level {
        case .easy:
            let winning = open.filter { board.wins(dropping: 1, in: $0) }
            return winning.isEmpty ? open : winning
        case .perfect:
            let scored = open.map { column in
                board.drop(1, in: column)
                defer { board.undo(column) }
                return (
                    column,
                    board.lastDropWon
                        ? SearchBoard.win + searchDepth : -board.negamax(depth: searchDepth - 1, alpha: -.max, beta: .max, side: -1)
                )
            }
            let best = scored.map(\.1).max()
            return scored.filter { $0.1 == best }.map(\.0)
        }
    }
}

/// A grid as the search plays on it: +1 the computer's discs, -1 the opponent's, 0 empty; drops and
/// takes back in place.
private struct SearchBoard {
    static let win = 1_000_000
    /// Columns in the order the search tries them: the centre first, where most lines pass.
    private static let order = [3, 2, 4, 1, 5, 0, 6]

    private var cells: [Int8]
    /// How many discs each column holds.
    private var heights: [Int]
    private var lastDrop: (row: Int, column: Int)?

    init(_ grid: Grid, for seat: Seat) {
        cells = grid.cells.map { $0 == nil ? 0 : $0 == seat ? 1 : -1 }
        heights = (0..<Grid.columns).map { column in (0..<Grid.rows).count { grid.cells[$0 * Grid.columns + column] != nil } }
    }

    func isOpen(_ column: Int) -> Bool { heights[column] < Grid.rows }

    private subscript(row: Int, column: Int) -> Int8 {
        get { cells[row * Grid.columns + column] }
        set { cells[row * Grid.columns + column] = newValue }
    }

    mutating func drop(_ side: Int8, in column: Int) {
        heights[column] += 1
        let row = Grid.rows - heights[column]
        self[row, column] = side
        lastDrop = (row, column)
    }

    mutating func undo(_ column: Int) {
        let row = Grid.rows - heights[column]
        self[row, column] = 0
        heights[column] -= 1
        lastDrop = nil
    }

    mutating func wins(dropping side: Int8, in column: Int) -> Bool {
        drop(side, in: column)
        defer { undo(column) }
        return lastDropWon
    }

    /// Whether the disc dropped last completes four in a row.
    var lastDropWon: Bool {
        guard let (row, column) = lastDrop else { return false }
        let side = self[row, column]
        for (rowStep, columnStep) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            var run = 1
            for sign in [-1, 1] {
                var r = row + sign * rowStep
                var c = column + sign * columnStep
                while (0..<Grid.rows).contains(r), (0..<Grid.columns).contains(c), self[r, c] == side {
                    run += 1
                    r += sign * rowStep
                    c += sign * columnStep
                }
            }
            if run >= 4 { return true }
        }
        return false
    }

    /// The value of the grid for `side`, to move, looking `depth` discs ahead.
    mutating func negamax(depth: Int, alpha: Int, beta: Int, side: Int8) -> Int {
        let open = Self.order.filter(isOpen)
        if open.isEmpty { return 0 }
        if depth == 0 { return Int(side) * evaluation }
        var alpha = alpha
        var best = -Int.max
        for column in open {
            drop(side, in: column)
            // A win sooner is worth more: `depth` is what was left of the horizon.
            let value = lastDropWon ? Self.win + depth : -negamax(depth: depth - 1, alpha: -beta, beta: -alpha, side: -side)
            undo(column)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta { break }
        }
        return best
    }

    /// The computer's open lines and centre discs less the opponent's.
    private var evaluation: Int {
        var score = 0
        for row in 0..<Grid.rows {
            score += 3 * Int(self[row, Grid.columns / 2])
        }
        for (rowStep, columnStep) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for row in 0..<Grid.rows {
                for column in 0..<Grid.columns {
                    let endRow = row + 3 * rowStep
                    let endColumn = column + 3 * columnStep
                    guard (0..<Grid.rows).contains(endRow), (0..<Grid.columns).contains(endColumn) else { continue }
                    var mine = 0
                    var theirs = 0
                    for step in 0..<4 {
                        switch self[row + step * rowStep, column + step * columnStep] {
                        case 1: mine += 1
                        case -1: theirs += 1
                        default: break
                        }
                    }
                    if theirs == 0 { score += Self.lineValue[mine] }
                    if mine == 0 { score -= Self.lineValue[theirs] }
                }
            }
        }
        return score
    }

    /// What an open line holding 0 to 4 discs of one side is worth.
    private static let lineValue = [0, 0, 2, 5, 0]
}
