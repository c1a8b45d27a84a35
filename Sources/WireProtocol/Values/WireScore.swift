/// The pair's score: `{"player1": {"name", "wins"}, "player2": {"name", "wins"}, "draws"}`. It is the body
/// of the `score` message and the snapshot's `score`.
public struct WireScore: Decodable, Hashable, Sendable {
    /// One player's line of the score.
    public struct Entry: Decodable, Hashable, Sendable {
        /// The player's name.
        public var name: String
        /// Games this player has won since the pair logged in.
        public var wins: Int

        /// A player's line.
        public init(name: String, wins: Int) {
            self.name = name
            self.wins = wins
        }
    }

    /// The score of the `player1` seat.
    public var player1: Entry
    /// The score of the `player2` seat.
    public var player2: Entry
    /// Games that ended in a draw.
    public var draws: Int

    /// A score.
    public init(player1: Entry, player2: Entry, draws: Int) {
        self.player1 = player1
        self.player2 = player2
        self.draws = draws
    }
}
