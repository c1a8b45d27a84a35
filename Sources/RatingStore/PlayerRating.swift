import Foundation
import Ratings

/// An account's rating in one game id, with its record: one row per account and game id.
public struct PlayerRating: Equatable, Sendable {
    public let gameID: String
    public let rating: Double
    public let deviation: Double
    public let volatility: Double
    public let games: Int
    public let wins: Int
    public let losses: Int
    public let draws: Int
    /// When the last rated game counted here ended: the deviation grows from it before the next one.
    public let lastRatedAt: Date

    public init(
        gameID: String, rating: Double, deviation: Double, volatility: Double, games: Int, wins: Int, losses: Int, draws: Int,
        lastRatedAt: Date
    ) {
        self.gameID = gameID
        self.rating = rating
        self.deviation = deviation
        self.volatility = volatility
        self.games = games
        self.wins = wins
        self.losses = losses
        self.draws = draws
        self.lastRatedAt = lastRatedAt
    }

    public var standing: Glicko2.Standing { Glicko2.Standing(rating: rating, deviation: deviation, volatility: volatility) }

    /// Provisional while RD ≥ 110.
    public var provisional: Bool { RatingStoreRules.rules.isProvisional(deviation: deviation) }

    /// On the leaderboard when RD ≤ 75.
    public var rankable: Bool { RatingStoreRules.rules.isRankable(deviation: deviation) }

    /// The rating as the wire and the leaderboard's order show it: rounded half up.
    public var shownRating: Int { WireRounding.halfUp(rating) }
}

/// One line of a game's leaderboard.
public struct LeaderboardEntry: Equatable, Sendable {
    public let accountID: String
    public let name: String
    public let rating: Double
    public let deviation: Double
    public let games: Int

    public init(accountID: String, name: String, rating: Double, deviation: Double, games: Int) {
        self.accountID = accountID
        self.name = name
        self.rating = rating
        self.deviation = deviation
        self.games = games
    }
}
