import MatchTree
import MatchWords
import WireProtocol

// Kalah's names in each layer's vocabulary, so that code and tests about this game read `.kalah` as they
// would for a built-in case.

extension GameID {
    /// Kalah's id.
    public static let kalah = Kalah.id
}

extension Phase {
    /// A game of Kalah is played.
    public static let kalah = Phase.playing(Kalah.id)
}

extension WirePhase {
    /// A game of Kalah is played.
    public static let kalah = WirePhase.playing(Kalah.id.rawValue)
}
