import GridGames
import MatchTree
import MatchWords

extension GameOutcome {
    /// The outcome `board` shows: a win, a draw when it is full, else nil (the game goes on).
    static func of(_ board: Board) -> GameOutcome? {
        if let (seat, line) = WinningLines.winner(on: board) { return .win(seat, line: line) }
        return board.isFull ? .draw : nil
    }
}
