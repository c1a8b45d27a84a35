/// Why a game ended: by its own rules (`line`, `score`, `draw`, `roll`), by a player's choice
/// (`resigned`, `drawAgreed`), because a seat was empty (`left`, `seatTimeout`, `claimed`), or because
/// a player's clock ran out (`time`), or nobody made the first move in time (`aborted`). Every
/// `gameOver` says which; replays and the games API show it.
public enum GameEndReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// A line of the winner's marks or discs (Tic Tac Toe, Connect Four).
    case line
    /// More seeds in the winner's store once a side is empty (Kalah).
    case score
    /// The game's rules ended it without a winner (a full grid, equal stores).
    case draw
    /// The roll drew the winner (Random Win).
    case roll
    /// The loser gave the game up and kept the seat.
    case resigned
    /// Both players agreed to a draw.
    case drawAgreed
    /// The loser left the match.
    case left
    /// Nobody came back to the loser's seat within the seat timeout.
    case seatTimeout
    /// The winner claimed the game while the loser's seat had no connection, after the grace.
    case claimed
    /// The loser's clock ran out (a match with a time control).
    case time
    /// The side to move made no move within the first-move window before both sides had moved: nobody
    /// wins and the score does not change (a match with a time control).
    case aborted
}
