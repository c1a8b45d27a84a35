import GridGames
import MatchTree
import MatchWords

/// The eight lines of three cells that win: three rows, three columns, two diagonals.
enum WinningLines {
    /// Each line's positions in reading order (top to bottom, then left to right).
    static let all: [[Position]] = {
        let indices = 0..<Board.size
        let rows = indices.map { row in indices.map { Position(row: row, col: $0) } }
        let columns = indices.map { col in indices.map { Position(row: $0, col: col) } }
        let diagonal = indices.map { Position(row: $0, col: $0) }
        let antiDiagonal = indices.map { Position(row: $0, col: Board.size - 1 - $0) }
        return rows + columns + [diagonal, antiDiagonal]
    }()

    /// The first line filled by one seat's marks, with that seat; nil when there is none.
    static func winner(on board: Board) -> (seat: Seat, line: [Position])? {
        for line in all {
            if let seat = board[line[0]], line.allSatisfy({ board[$0] == seat }) {
                return (seat, line)
            }
        }
        return nil
    }
}
