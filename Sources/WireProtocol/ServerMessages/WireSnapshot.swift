/// Everything needed to draw the match page without any earlier message: the `welcome` message's
/// `snapshot`.
public struct WireSnapshot: Decodable, Hashable, Sendable {
    /// The phase whose screen is presented.
    public var phase: WirePhase
    /// The taken seats.
    public var players: [WirePlayer]
    /// The pair's score, or `nil` (`null`) in `loggedOut`.
    @ExplicitNull public var score: WireScore?
    /// The board of the game being played if it shows one (its fields are the game's), or `nil` (`null`).
    @ExplicitNull public var board: WireBoard?
    /// How many connections have no seat.
    public var spectators: Int
    /// (Extension.) The server's seat timeout in seconds: how long a seat without a connection is kept.
    public var seatTimeout: Double?
    /// (Extension.) Between games, how the pair's last game ended; absent otherwise.
    public var lastGame: WireLastGame?
    /// (Extension.) The offer that waits for an answer; absent when none does.
    public var offer: WireOffer?
    /// (Extension.) The match's time control; absent for a match without clocks.
    public var timeControl: WireTimeControl?
    /// (Extension.) The game the match was made for (`POST /api/matches` with `gameId`, the queue, a
    /// `launchGame`): the first game asked for; absent when none was.
    public var gameId: String?
    /// (Extension, issue 42.) `true` in a rated match; absent otherwise.
    public var rated: Bool?

    /// A snapshot.
    public init(
        phase: WirePhase, players: [WirePlayer], score: WireScore?, board: WireBoard?, spectators: Int, seatTimeout: Double? = nil,
        lastGame: WireLastGame? = nil, offer: WireOffer? = nil, timeControl: WireTimeControl? = nil, gameId: String? = nil
    ) {
        self.timeControl = timeControl
        self.gameId = gameId
        self.phase = phase
        self.players = players
        self.score = score
        self.board = board
        self.spectators = spectators
        self.seatTimeout = seatTimeout
        self.lastGame = lastGame
        self.offer = offer
    }
}
