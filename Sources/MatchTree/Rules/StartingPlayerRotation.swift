import MatchWords

/// Who starts each game of a pair: player1 the first, then whoever did not start the game before.
struct StartingPlayerRotation: Hashable {
    private var next: Seat = .player1

    /// The seat that starts the game being started now; the next call gives the other seat.
    mutating func nextStartingPlayer() -> Seat {
        defer { next = next.opponent }
        return next
    }
}
