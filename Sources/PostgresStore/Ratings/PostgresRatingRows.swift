import Foundation
import Logging
import PostgresNIO
import RatingStore

/// The rows of the rating tables as the store's values, read and written on one connection (inside
/// the caller's transaction when it has one).
enum PostgresRatingRows {
    static func rating(of accountID: String, gameID: String, on connection: PostgresConnection, logger: Logger) async throws
        -> PlayerRating?
    {
        try await ratings("WHERE account_id = \(accountID) AND game_id = \(gameID)", on: connection, logger: logger).first
    }

    static func ratings(_ condition: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> [PlayerRating] {
        var query = PostgresQuery(
            unsafeSQL: "SELECT game_id, rating, deviation, volatility, games, wins, losses, draws, last_rated_at FROM player_rating ")
        query.sql += condition.sql
        query.binds = condition.binds
        var ratings: [PlayerRating] = []
        let rows = try await connection.query(query, logger: logger)
        for try await (gameID, rating, deviation, volatility, games, wins, losses, draws, last) in rows.decode(
            (String, Double, Double, Double, Int, Int, Int, Int, Date).self)
        {
            ratings.append(
                PlayerRating(
                    gameID: gameID, rating: rating, deviation: deviation, volatility: volatility, games: games, wins: wins, losses: losses,
                    draws: draws, lastRatedAt: last))
        }
        return ratings
    }

    static func save(_ rating: PlayerRating, of player: RatedPlayer, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO player_rating (account_id, game_id, name, canonical_name, rating, shown_rating, deviation, volatility, rankable,
                games, wins, losses, draws, last_rated_at)
            VALUES (\(player.accountID), \(rating.gameID), \(player.name), \(RatingUpdate.canonicalName(player.name)), \(rating.rating),
                \(rating.shownRating), \(rating.deviation), \(rating.volatility), \(rating.rankable), \(rating.games), \(rating.wins),
                \(rating.losses), \(rating.draws), \(rating.lastRatedAt))
            ON CONFLICT (account_id, game_id) DO UPDATE SET
                name = excluded.name, canonical_name = excluded.canonical_name, rating = excluded.rating,
                shown_rating = excluded.shown_rating, deviation = excluded.deviation, volatility = excluded.volatility,
                rankable = excluded.rankable, games = excluded.games, wins = excluded.wins, losses = excluded.losses,
                draws = excluded.draws, last_rated_at = excluded.last_rated_at
            """, logger: logger)
    }

    static func insert(_ record: RatedGameRecord, on connection: PostgresConnection, logger: Logger) async throws {
        let game = record.game
        let (first, second) = (record.player1, record.player2)
        try await connection.query(
            """
            INSERT INTO rated_game (match_id, game_number, game_id, player1_id, player1_name, player2_id, player2_name, result,
                player1_before, player1_after, player1_deviation_after, player1_provisional,
                player2_before, player2_after, player2_deviation_after, player2_provisional, ended_at)
            VALUES (\(game.matchID), \(game.gameNumber), \(game.gameID), \(game.player1.accountID), \(game.player1.name),
                \(game.player2.accountID), \(game.player2.name), \(game.result.rawValue),
                \(first.before), \(first.after), \(first.deviationAfter), \(first.provisional),
                \(second.before), \(second.after), \(second.deviationAfter), \(second.provisional), \(game.endedAt))
            """, logger: logger)
    }

    static func ratedGame(matchID: String, gameNumber: Int, on connection: PostgresConnection, logger: Logger) async throws
        -> RatedGameRecord?
    {
        try await ratedGames(
            "SELECT * FROM rated_game WHERE match_id = \(matchID) AND game_number = \(gameNumber)", on: connection, logger: logger
        ).first
    }

    /// The records of `query`, which selects every column of `rated_game` in the table's order.
    static func ratedGames(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> [RatedGameRecord] {
        var records: [RatedGameRecord] = []
        let rows = try await connection.query(query, logger: logger)
        for try await row in rows {
            let columns = try row.decode(
                (
                    String, Int, String, String, String, String, String, String, Double, Double, Double, Bool, Double, Double, Double, Bool,
                    Date
                )
                .self, context: .default)
            // Only this store writes `result`, from a `RatedResult`.
            let game = RatedGame(
                matchID: columns.0, gameNumber: columns.1, gameID: columns.2, player1: RatedPlayer(accountID: columns.3, name: columns.4),
                player2: RatedPlayer(accountID: columns.5, name: columns.6), result: RatedResult(rawValue: columns.7) ?? .draw,
                endedAt: columns.16)
            records.append(
                RatedGameRecord(
                    game: game,
                    player1: RatingChange(before: columns.8, after: columns.9, deviationAfter: columns.10, provisional: columns.11),
                    player2: RatingChange(before: columns.12, after: columns.13, deviationAfter: columns.14, provisional: columns.15)))
        }
        return records
    }
}
