import Accounts
import Foundation
import Ratings

/// The rules every rating store applies: lichess's. One value, because the stores' leaderboard
/// indexes keep "rankable" as a column written with each rating.
public enum RatingStoreRules {
    public static let rules = RatingRules.lichess
}

/// What applying one rated game writes, computed the same way by every store from the two players'
/// rows as they stand inside the store's transaction (nil: the player's first game in the game id).
public struct RatingUpdate: Sendable {
    public let record: RatedGameRecord
    public let player1: PlayerRating
    public let player2: PlayerRating

    public init(game: RatedGame, player1 before1: PlayerRating?, player2 before2: PlayerRating?) {
        let rules = RatingStoreRules.rules
        let first = Self.rated(before1, rules)
        let second = Self.rated(before2, rules)
        let (after1, after2) = rules.rate(first, second, result: game.result.player1Score, endedAt: game.endedAt)
        record = RatedGameRecord(
            game: game,
            player1: RatingChange(
                before: first.standing.rating, after: after1.rating, deviationAfter: after1.deviation,
                provisional: rules.isProvisional(deviation: after1.deviation)),
            player2: RatingChange(
                before: second.standing.rating, after: after2.rating, deviationAfter: after2.deviation,
                provisional: rules.isProvisional(deviation: after2.deviation)))
        player1 = Self.counted(before1, after: after1, score: game.result.player1Score, game: game)
        player2 = Self.counted(before2, after: after2, score: game.result.player1Score.opposite, game: game)
    }

    /// The canonical form of a name, which orders the leaderboard's ties (as the block list is ordered).
    public static func canonicalName(_ name: String) -> String { AccountName.canonical(name) }

    private static func rated(_ rating: PlayerRating?, _ rules: RatingRules) -> RatedStanding {
        guard let rating else { return RatedStanding(standing: rules.newPlayer, lastRatedAt: nil) }
        return RatedStanding(standing: rating.standing, lastRatedAt: rating.lastRatedAt)
    }

    private static func counted(_ before: PlayerRating?, after: Glicko2.Standing, score: GameScore, game: RatedGame) -> PlayerRating {
        PlayerRating(
            gameID: game.gameID, rating: after.rating, deviation: after.deviation, volatility: after.volatility,
            games: (before?.games ?? 0) + 1,
            wins: (before?.wins ?? 0) + (score == .win ? 1 : 0),
            losses: (before?.losses ?? 0) + (score == .loss ? 1 : 0),
            draws: (before?.draws ?? 0) + (score == .draw ? 1 : 0),
            // A game applied late (after a later one, on recovery) does not move the clock back.
            lastRatedAt: max(before?.lastRatedAt ?? game.endedAt, game.endedAt))
    }
}
