import MatchTree
import MatchWords
import WireProtocol

// Random Win's names in each layer's vocabulary, so that code and tests about this game read
// `.randomWin` as they would for a built-in case.

extension GameID {
    /// Random Win's id.
    public static let randomWin = RandomWin.id
}

extension Phase {
    /// A game of Random Win is played.
    public static let randomWin = Phase.playing(RandomWin.id)
}

extension Screen {
    /// Random Win's screen: no board.
    public static let randomWin = Screen.playing(RandomWin.id, board: nil)
}

extension WirePhase {
    /// A game of Random Win is played.
    public static let randomWin = WirePhase.playing(RandomWin.id.rawValue)
}

extension WireScreen {
    /// Random Win's screen: no board.
    public static let randomWin = WireScreen.playing(gameId: RandomWin.id.rawValue, board: nil)
}
