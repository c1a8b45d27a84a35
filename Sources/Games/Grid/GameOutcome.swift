import MatchWords

/// How a game played on a grid ended (Tic Tac Toe, Connect Four): a line, a full grid, or a seat
/// giving up.
public enum GameOutcome: Hashable, Sendable {
    /// `seat` completed `line` (its positions in reading order).
    case win(Seat, line: [Position])
    /// Nobody won: the grid is full.
    case draw
    /// `leaver` gave up: the opponent wins, with no line.
    case forfeit(by: Seat)

    /// The winner, nil for a draw.
    public var winner: Seat? {
        switch self {
        case .win(let seat, _): seat
        case .draw: nil
        case .forfeit(let leaver): leaver.opponent
        }
    }

    /// The winning line, nil for a draw or a forfeit.
    public var line: [Position]? {
        switch self {
        case .win(_, let line): line
        case .draw, .forfeit: nil
        }
    }
}
