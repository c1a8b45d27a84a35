/// The body of `GET /api/matches/{matchId}/games` (an extension): one page of a match's games, oldest
/// first, each with its players, its moves and its result, read from the match's log.
public struct MatchGames: WireCodable, Hashable {
    /// A player of a game, by seat.
    public struct Player: Codable, Hashable, Sendable {
        /// The seat.
        public var seat: WireSeat
        /// The player's name when the game started.
        public var name: String

        /// A player.
        public init(seat: WireSeat, name: String) {
            self.seat = seat
            self.name = name
        }
    }

    /// One move: who, when the server stored it, and what, in the fields its game writes (a cell, a
    /// roll, a pit: docs/PROTOCOL.md gives each game's).
    public struct Move: Codable, Hashable, Sendable {
        /// The seat that moved.
        public var seat: WireSeat
        /// When the move was stored: ISO 8601, UTC, to the millisecond.
        public var at: String
        /// The game's own fields, none of them `seat`, `at` or `took`.
        public var fields: [String: WireValue]
        /// (Extension.) In a match with a time control, the seconds the move took (from the server telling
        /// the turn to reading the move), charged to its player's clock; absent without one.
        public var took: Double?

        /// A move.
        public init(seat: WireSeat, at: String, fields: [String: WireValue], took: Double? = nil) {
            assert(
                fields["seat"] == nil && fields["at"] == nil && fields["took"] == nil,
                "a move's own fields are its game's: seat, at and took are every move's")
            self.seat = seat
            self.at = at
            self.fields = fields
            self.took = took
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DynamicCodingKey.self)
            var fields: [String: WireValue] = [:]
            for key in container.allKeys where !["seat", "at", "took"].contains(key.stringValue) {
                fields[key.stringValue] = try container.decode(WireValue.self, forKey: key)
            }
            self.init(
                seat: try container.decode(WireSeat.self, forKey: DynamicCodingKey("seat")),
                at: try container.decode(String.self, forKey: DynamicCodingKey("at")), fields: fields,
                took: try container.decodeIfPresent(Double.self, forKey: DynamicCodingKey("took")))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicCodingKey.self)
            try container.encode(seat, forKey: DynamicCodingKey("seat"))
            try container.encode(at, forKey: DynamicCodingKey("at"))
            try container.encodeIfPresent(took, forKey: DynamicCodingKey("took"))
            for (name, value) in fields {
                try container.encode(value, forKey: DynamicCodingKey(name))
            }
        }
    }

    /// How a game ended.
    public struct Result: Codable, Hashable, Sendable {
        /// The winner; `null` for a draw.
        @ExplicitNull public var winner: WireSeat?
        /// The winning line as its game writes it (a grid game: its cells, `{"row","col"}` in reading
        /// order); `null` for a game won without one.
        @ExplicitNull public var line: WireValue?
        /// The seat that gave the game to the other by leaving, timing out, resigning or being claimed
        /// against while away; else `null`.
        @ExplicitNull public var forfeitBy: WireSeat?
        /// (Extension.) Why the game ended, as `gameOver` says it (`line`, `score`, `draw`, `roll`,
        /// `resigned`, `drawAgreed`, `left`, `seatTimeout`, `claimed`, `time`).
        public var reason: String

        /// A result.
        public init(winner: WireSeat?, line: WireValue?, forfeitBy: WireSeat?, reason: String) {
            self.winner = winner
            self.line = line
            self.forfeitBy = forfeitBy
            self.reason = reason
        }
    }

    /// One game of the match.
    public struct Game: Codable, Hashable, Sendable {
        /// Its number in the match: 1, 2, 3…
        public var number: Int
        /// The game's id.
        public var gameId: String
        /// The two players, `player1` first.
        public var players: [Player]
        /// The seat that moved first.
        public var startingPlayer: WireSeat
        /// The moves, in order.
        public var moves: [Move]
        /// How it ended; `null` while it is being played.
        @ExplicitNull public var result: Result?
        /// When it started: ISO 8601, UTC, to the millisecond.
        public var startedAt: String
        /// When it ended; `null` while it is being played.
        @ExplicitNull public var endedAt: String?
        /// (Extension, issue 42.) In a rated game that ended and was rated, both seats' rating changes,
        /// as its `gameOver` told them; absent otherwise.
        public var ratings: WireRatings?

        /// A game.
        public init(
            number: Int, gameId: String, players: [Player], startingPlayer: WireSeat, moves: [Move], result: Result?,
            startedAt: String, endedAt: String?
        ) {
            self.number = number
            self.gameId = gameId
            self.players = players
            self.startingPlayer = startingPlayer
            self.moves = moves
            self.result = result
            self.startedAt = startedAt
            self.endedAt = endedAt
        }
    }

    /// The most games one page holds: a larger `limit` is lowered to it.
    public static let maxLimit = 50

    /// The match id, as in `/m/{matchId}`.
    public var matchId: String
    /// How many games the match has had, the one being played included.
    public var total: Int
    /// The games of this page, from number `from` on, at most `limit` of them.
    public var games: [Game]
    /// The `from` of the next page; `null` on the last page.
    @ExplicitNull public var next: Int?
    /// (Extension.) The match's time control; absent for a match without clocks. With each move's
    /// `took`, it gives both clocks after every move.
    public var timeControl: WireTimeControl?

    /// A page of games.
    public init(matchId: String, total: Int, games: [Game], next: Int?, timeControl: WireTimeControl? = nil) {
        self.timeControl = timeControl
        self.matchId = matchId
        self.total = total
        self.games = games
        self.next = next
    }
}
