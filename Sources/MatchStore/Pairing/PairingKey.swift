import MatchWords

/// What two visitors of the "Play someone now" queue must have asked for alike to be paired: the game,
/// for now. Everything that pairs compares whole keys, so that a later field (a time control) joins
/// the rule by being added here and to the stores' key columns, and nowhere else.
public struct PairingKey: Sendable, Hashable, CustomStringConvertible {
    /// The game the pair's match starts.
    public let gameID: GameID

    public init(gameID: GameID) {
        self.gameID = gameID
    }

    public var description: String { gameID.rawValue }
}
