/// (Extension.) How the pair's last game ended, in the snapshot between games: the final board stays
/// on every screen, and a player who was away learns what happened, until the next game starts.
public struct WireLastGame: Decodable, Hashable, Sendable {
    /// The game's id.
    public var gameId: String
    /// The winner; `null` for a draw.
    @ExplicitNull public var winner: WireSeat?
    /// Why it ended, as `gameOver`'s `reason`.
    public var reason: String
    /// What won, as `gameOver`'s `line`; `null` if nothing did.
    @ExplicitNull public var line: [[Int]]?
    /// The final board of a game that shows one (its fields are the game's); `null` for one without.
    @ExplicitNull public var board: WireBoard?
    /// (Extension, issue 42.) A rated game's `ratings` once they are stored, as its `gameOver` told
    /// them; absent otherwise.
    public var ratings: WireRatings?

    public init(gameId: String, winner: WireSeat?, reason: String, line: [[Int]]?, board: WireBoard?) {
        self.gameId = gameId
        self.winner = winner
        self.reason = reason
        self.line = line
        self.board = board
    }
}

/// (Extension.) The offer that waits for an answer, in the snapshot: a draw (during a game) or the
/// next game (between games), and who made it.
public struct WireOffer: Decodable, Hashable, Sendable {
    public enum Kind: String, Decodable, Hashable, Sendable {
        case draw, game
    }

    public var kind: Kind
    /// The seat that offered.
    public var seat: WireSeat
    /// For an offer of a game: its id; absent for a draw.
    public var gameId: String?

    public init(kind: Kind, seat: WireSeat, gameId: String? = nil) {
        self.kind = kind
        self.seat = seat
        self.gameId = gameId
    }
}
