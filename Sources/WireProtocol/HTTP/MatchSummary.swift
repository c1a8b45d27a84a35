/// A match as `GET /api/matches` and `GET /api/matches/{matchId}` describe it.
public struct MatchSummary: WireCodable, Hashable {
    /// The summary's score: wins by seat and draws, without names.
    public struct Score: Codable, Hashable, Sendable {
        /// Games won by `player1`.
        public var player1: Int
        /// Games won by `player2`.
        public var player2: Int
        /// Games that ended in a draw.
        public var draws: Int

        /// A score.
        public init(player1: Int, player2: Int, draws: Int) {
            self.player1 = player1
            self.player2 = player2
            self.draws = draws
        }

        /// The wins and draws of a message's score.
        public init(_ score: WireScore) {
            self.init(player1: score.player1.wins, player2: score.player2.wins, draws: score.draws)
        }
    }

    /// The match id, as in `/m/{matchId}`.
    public var matchId: String
    /// The phase whose screen is presented.
    public var phase: WirePhase
    /// The taken seats only.
    public var players: [WirePlayer]
    /// The pair's score, or `nil` (`null`) while no pair is logged in.
    @ExplicitNull public var score: Score?
    /// How many connections have no seat.
    public var spectators: Int
    /// (Extension.) `"now"` while a connection is open to the match; else when the last one closed (or,
    /// for a match nobody connected to since the server loaded it, its last stored change), ISO 8601 in
    /// UTC to the millisecond.
    public var lastActive: String?
    /// (Extension.) The match's time control; absent for a match without clocks.
    public var timeControl: WireTimeControl?
    /// (Extension.) The game the match was made for (`POST /api/matches` with `gameId`, the queue, a
    /// `launchGame`): the first game asked for; absent when none was.
    public var gameId: String?
    /// (Extension.) While one person is seated and the other seat is free, when they sat down (ISO 8601
    /// in UTC to the millisecond): how long they have waited; absent otherwise.
    public var waitingSince: String?
    /// (Extension, issue 42.) `true` in a rated match (`POST /api/matches` or the queue with
    /// `"rated": true`); absent otherwise.
    public var rated: Bool?

    /// The `lastActive` of a match someone is connected to.
    public static let activeNow = "now"

    /// A summary.
    public init(
        matchId: String, phase: WirePhase, players: [WirePlayer], score: Score?, spectators: Int, lastActive: String? = nil,
        timeControl: WireTimeControl? = nil, gameId: String? = nil
    ) {
        self.timeControl = timeControl
        self.gameId = gameId
        self.matchId = matchId
        self.phase = phase
        self.players = players
        self.score = score
        self.spectators = spectators
        self.lastActive = lastActive
    }
}
