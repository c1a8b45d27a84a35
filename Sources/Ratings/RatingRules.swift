import Foundation

/// How this server rates a game (issue 42): Glicko-2 with lichess's constants, each rated game a
/// rating period of its own for both players. Pure: the time of the game is given, never read.
public struct RatingRules: Sendable {
    /// A player's standing before their first rated game in a game id.
    public var newPlayer: Glicko2.Standing
    /// Glicko-2's system constant τ: how fast the volatility may move.
    public var tau: Double
    /// The deviation never leaves this range (lichess: 45 to 500).
    public var deviationRange: ClosedRange<Double>
    /// The volatility never goes above this (lichess: 0.1).
    public var maxVolatility: Double
    /// How many rating periods a day without a rated game counts for, widening the deviation before
    /// the next one (lichess: 0.21436).
    public var ratingPeriodsPerDay: Double
    /// A rating is provisional while its deviation is at least this (lichess: 110).
    public var provisionalDeviation: Double
    /// A rating is on the leaderboard when its deviation is at most this (lichess: 75).
    public var rankableDeviation: Double

    /// lichess's constants, the ones this server uses.
    public static let lichess = RatingRules(
        newPlayer: Glicko2.Standing(rating: 1500, deviation: 500, volatility: 0.09), tau: 0.75, deviationRange: 45...500,
        maxVolatility: 0.1, ratingPeriodsPerDay: 0.21436, provisionalDeviation: 110, rankableDeviation: 75)

    public init(
        newPlayer: Glicko2.Standing, tau: Double, deviationRange: ClosedRange<Double>, maxVolatility: Double, ratingPeriodsPerDay: Double,
        provisionalDeviation: Double, rankableDeviation: Double
    ) {
        self.newPlayer = newPlayer
        self.tau = tau
        self.deviationRange = deviationRange
        self.maxVolatility = maxVolatility
        self.ratingPeriodsPerDay = ratingPeriodsPerDay
        self.provisionalDeviation = provisionalDeviation
        self.rankableDeviation = rankableDeviation
    }

    public func isProvisional(deviation: Double) -> Bool { deviation >= provisionalDeviation }

    public func isRankable(deviation: Double) -> Bool { deviation <= rankableDeviation }

    /// Both players' standings after one rated game between them, ended at `endedAt`.
    /// Each player's deviation first grows with the time since their last rated game in the game id
    /// (`lastRatedAt`, nil before the first), as a period without games would widen it
    /// (√(φ² + t·σ²) with t the periods elapsed); then the game is one Glicko-2 period for each,
    /// both computed from the standings before it; then the limits apply.
    public func rate(_ player1: RatedStanding, _ player2: RatedStanding, result: GameScore, endedAt: Date) -> (
        player1: Glicko2.Standing, player2: Glicko2.Standing
    ) {
        let first = widened(player1, to: endedAt)
        let second = widened(player2, to: endedAt)
        let firstAfter = Glicko2.ratingPeriod(of: first, results: [.init(opponent: second, score: result.value)], tau: tau)
        let secondAfter = Glicko2.ratingPeriod(of: second, results: [.init(opponent: first, score: result.opposite.value)], tau: tau)
        return (limited(firstAfter), limited(secondAfter))
    }

    /// The standing with its deviation grown by the rating periods between `lastRatedAt` and `date`.
    /// A clock that went backwards (a game applied late, after a later one) grows nothing.
    public func widened(_ player: RatedStanding, to date: Date) -> Glicko2.Standing {
        guard let last = player.lastRatedAt else { return player.standing }
        let days = max(0, date.timeIntervalSince(last)) / 86_400
        let periods = days * ratingPeriodsPerDay
        let phi = player.standing.deviation / Glicko2.scale
        let sigma = player.standing.volatility
        let grown = (phi * phi + periods * sigma * sigma).squareRoot() * Glicko2.scale
        var standing = player.standing
        standing.deviation = min(grown, deviationRange.upperBound)
        return standing
    }

    private func limited(_ standing: Glicko2.Standing) -> Glicko2.Standing {
        Glicko2.Standing(
            rating: standing.rating,
            deviation: min(max(standing.deviation, deviationRange.lowerBound), deviationRange.upperBound),
            volatility: min(standing.volatility, maxVolatility))
    }
}

/// A player's standing in a game id and when their last rated game in it ended (nil before the first).
public struct RatedStanding: Equatable, Sendable {
    public var standing: Glicko2.Standing
    public var lastRatedAt: Date?

    public init(standing: Glicko2.Standing, lastRatedAt: Date?) {
        self.standing = standing
        self.lastRatedAt = lastRatedAt
    }
}

/// A player's score in one game: a win 1, a loss 0, a draw (by the rules or agreed) 0.5.
public enum GameScore: String, Sendable, CaseIterable {
    case win, loss, draw

    public var value: Double {
        switch self {
        case .win: 1
        case .loss: 0
        case .draw: 0.5
        }
    }

    /// The opponent's score in the same game.
    public var opposite: GameScore {
        switch self {
        case .win: .loss
        case .loss: .win
        case .draw: .draw
        }
    }
}
