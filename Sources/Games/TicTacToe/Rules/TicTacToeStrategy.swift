import GridGames
import MatchTree
import MatchWords

/// How the computer plays Tic Tac Toe. Pure: a board in, the cells it would play out.
///
/// - `perfect` searches the whole game (minimax; a 3×3 board has fewer than 6,000 positions, kept in
///   a table while one move is chosen) and plays a cell of the best value: it never loses, and wins
///   as soon as it can.
/// - `easy` completes a line of its own when one is open, else plays any free cell: it never blocks,
///   so it loses to anyone who makes two threats or just completes a line it left open.
enum TicTacToeStrategy {
    /// The cell the computer playing `seat` marks on `board`, picked by `pick` among those `level`
    /// finds equally good; nil when the board has no free cell or the game is over.
    static func move(on board: Board, for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> Position? {
        let choices = candidates(on: board, for: seat, level: level)
        guard !choices.isEmpty else { return nil }
        return choices[pick(choices.count)]
    }

    /// Every cell `level` would play for `seat` on `board`, in reading order; empty once the game is over.
    static func candidates(on board: Board, for seat: Seat, level: ComputerLevel) -> [Position] {
        guard GameOutcome.of(board) == nil else { return [] }
        let free = freeCells(of: board)
        switch level {
        case .easy:
            let winning = free.filter { wins(board, seat, at: $0) }
            return winning.isEmpty ? free : winning
        case .perfect:
            var search = Search()
            let scored = free.map { ($0, -search.value(of: board.placing(seat, at: $0), toMove: seat.opponent)) }
            let best = scored.map(\.1).max()
            return scored.filter { $0.1 == best }.map(\.0)
        }
    }

    private static func freeCells(of board: Board) -> [Position] {
        (0..<Board.size).flatMap { row in (0..<Board.size).map { Position(row: row, col: $0) } }.filter { board[$0] == nil }
    }

    private static func wins(_ board: Board, _ seat: Seat, at position: Position) -> Bool {
        WinningLines.winner(on: board.placing(seat, at: position))?.seat == seat
    }

    /// Minimax with a table of the positions already valued.
    private struct Search {
        /// By `key(of:)`: hashing an integer is much cheaper than hashing the board's cells.
        private var values: [Int: Int] = [:]

        /// The board as a base-3 number: 0 empty, 1 player1, 2 player2 per cell.
        private func key(of board: Board) -> Int {
            board.cells.reduce(0) { $0 * 3 + ($1 == nil ? 0 : $1 == .player1 ? 1 : 2) }
        }

        /// The value of `board` for the seat `toMove`: above 0 a win (the sooner the higher), 0 a
        /// draw, below 0 a loss, when both sides play their best from here.
        mutating func value(of board: Board, toMove seat: Seat) -> Int {
            let key = key(of: board)
            if let known = values[key] { return known }
            let value: Int
            switch GameOutcome.of(board) {
            case .win(let winner, _)?:
                // The player who just moved won: worse for `seat` the fewer cells are left.
                let free = board.cells.count { $0 == nil }
                value = winner == seat ? 1 + free : -(1 + free)
            case .some:
                value = 0
            case nil:
                value = freeCells(of: board).map { -self.value(of: board.placing(seat, at: $0), toMove: seat.opponent) }.max() ?? 0
            }
            values[key] = value
            return value
        }
    }
}

extension Board {
    /// The board with `seat`'s mark at the free cell `position`.
    func placing(_ seat: Seat, at position: Position) -> Board {
        var next = self
        // Cannot throw: the strategy places only on free cells of the board.
        try! next.place(seat, at: position)
        return next
    }
}
