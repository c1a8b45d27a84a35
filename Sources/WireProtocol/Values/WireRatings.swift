/// (Extension, issue 42.) One seat's rating change in a rated game, as `gameOver` and the games API
/// give it: integers rounded half up, and whether the rating after the game is still provisional.
public struct WireRatingChange: Codable, Hashable, Sendable {
    public var before: Int
    public var after: Int
    public var provisional: Bool

    public init(before: Int, after: Int, provisional: Bool) {
        self.before = before
        self.after = after
        self.provisional = provisional
    }

    var wireValue: WireValue { .object(["after": .integer(after), "before": .integer(before), "provisional": .bool(provisional)]) }
}

/// (Extension, issue 42.) Both seats' rating changes in a rated game: `gameOver`'s `ratings`, and the
/// games API's per game.
public struct WireRatings: Codable, Hashable, Sendable {
    public var player1: WireRatingChange
    public var player2: WireRatingChange

    public init(player1: WireRatingChange, player2: WireRatingChange) {
        self.player1 = player1
        self.player2 = player2
    }

    /// The object as `JSONTextWriter` writes it (keys sorted).
    var wireValue: WireValue { .object(["player1": player1.wireValue, "player2": player2.wireValue]) }
}
