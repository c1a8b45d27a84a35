/// One of the two seats of a match. `player1` plays X and starts the pair's first game.
public enum Seat: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case player1
    case player2

    /// The other seat.
    public var opponent: Seat { self == .player1 ? .player2 : .player1 }

    /// The name a player gets when they log in without one ("Player 1", "Player 2").
    public var defaultName: String { self == .player1 ? "Player 1" : "Player 2" }

    public static func < (lhs: Seat, rhs: Seat) -> Bool { lhs == .player1 && rhs == .player2 }
}
