/// The RIB whose screen is presented, which is also the name of a `screen` message.
public enum WirePhase: String, Codable, Hashable, Sendable, CaseIterable {
    /// Waiting for players to log in.
    case loggedOut
    /// Both seats taken, no game running: the game list.
    case offGame
    /// A Tic Tac Toe game is being played.
    case ticTacToe
    /// A Random Win game is being played.
    case randomWin
}
