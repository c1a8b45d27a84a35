/// The answer of `GET /api/leaderboard?gameId=…` (ratings, an extension): the game's best rankable
/// players, highest rating first, ties by name.
public struct Leaderboard: WireCodable, Hashable {
    public var gameId: String
    public var players: [Player]

    public init(gameId: String, players: [Player]) {
        self.gameId = gameId
        self.players = players
    }

    /// One line: integers rounded half up.
    public struct Player: WireCodable, Hashable {
        public var name: String
        public var rating: Int
        public var rd: Int
        public var games: Int

        public init(name: String, rating: Int, rd: Int, games: Int) {
            self.name = name
            self.rating = rating
            self.rd = rd
            self.games = games
        }
    }
}

/// The answer of `GET /api/players/{name}`: the account's rating in each game id it has played
/// rated, and its latest rated games, newest first.
public struct PlayerProfile: WireCodable, Hashable {
    public var name: String
    /// By game id.
    public var ratings: [String: GameRating]
    public var recent: [RecentGame]

    public init(name: String, ratings: [String: GameRating], recent: [RecentGame]) {
        self.name = name
        self.ratings = ratings
        self.recent = recent
    }

    /// A rating in one game id and the record behind it: integers rounded half up.
    public struct GameRating: WireCodable, Hashable {
        public var rating: Int
        public var rd: Int
        public var provisional: Bool
        public var games: Int
        public var wins: Int
        public var losses: Int
        public var draws: Int

        public init(rating: Int, rd: Int, provisional: Bool, games: Int, wins: Int, losses: Int, draws: Int) {
            self.rating = rating
            self.rd = rd
            self.provisional = provisional
            self.games = games
            self.wins = wins
            self.losses = losses
            self.draws = draws
        }
    }

    /// A rated game from the player's side: `result` is `win`, `loss` or `draw`; `endedAt` ISO 8601, UTC;
    /// `gameNumber` is the game's number in its match (1 for the first), as the replay page counts.
    public struct RecentGame: WireCodable, Hashable {
        public var matchId: String
        public var gameNumber: Int
        public var gameId: String
        public var opponent: String
        public var result: String
        public var ratingAfter: Int
        public var endedAt: String

        public init(
            matchId: String, gameNumber: Int, gameId: String, opponent: String, result: String, ratingAfter: Int, endedAt: String
        ) {
            self.matchId = matchId
            self.gameNumber = gameNumber
            self.gameId = gameId
            self.opponent = opponent
            self.result = result
            self.ratingAfter = ratingAfter
            self.endedAt = endedAt
        }
    }
}
