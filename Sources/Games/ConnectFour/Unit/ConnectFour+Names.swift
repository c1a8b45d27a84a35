import GridGames
import MatchTree
import MatchWords
import WireProtocol

// Connect Four's names in each layer's vocabulary, so that code and tests about this game read
// `.connectFour` as they would for a built-in case.

extension GameID {
    /// Connect Four's id.
    public static let connectFour = ConnectFour.id
}

extension Phase {
    /// A game of Connect Four is played.
    public static let connectFour = Phase.playing(ConnectFour.id)
}

extension Screen {
    /// Connect Four's screen, with its grid.
    public static func connectFour(board: BoardState) -> Screen { .playing(ConnectFour.id, board: board) }
}

extension WirePhase {
    /// A game of Connect Four is played.
    public static let connectFour = WirePhase.playing(ConnectFour.id.rawValue)
}

extension WireScreen {
    /// Connect Four's screen, with its grid.
    public static func connectFour(board: WireBoard) -> WireScreen { .playing(gameId: ConnectFour.id.rawValue, board: board) }
}
