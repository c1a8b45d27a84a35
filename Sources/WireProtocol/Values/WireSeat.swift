/// One of the two seats of a match: `player1` plays X, `player2` plays O.
public enum WireSeat: String, Codable, Hashable, Sendable, CaseIterable {
    /// The first seat taken; plays X and starts the pair's first game.
    case player1
    /// The second seat; plays O.
    case player2
}
