import MatchTree

/// How a game of Tic Tac Toe ended.
enum GameOutcome: Hashable {
    /// `seat` filled `line` (three positions in reading order).
    case win(Seat, line: [Position])
    /// The board is full and nobody won.
    case draw
    /// `leaver` gave up: the opponent wins, with no line.
    case forfeit(by: Seat)

    /// The winner, nil for a draw.
    var winner: Seat? {
        switch self {
        case .win(let seat, _): seat
        case .draw: nil
        case .forfeit(let leaver): leaver.opponent
        }
    }

    /// The winning line, nil for a draw or a forfeit.
    var line: [Position]? {
        switch self {
        case .win(_, let line): line
        case .draw, .forfeit: nil
        }
    }

    /// The outcome `board` shows: a win, a draw when it is full, else nil (the game goes on).
    static func of(_ board: Board) -> GameOutcome? {
        if let (seat, line) = WinningLines.winner(on: board) { return .win(seat, line: line) }
        return board.isFull ? .draw : nil
    }
}
