import Foundation
import Logging
import PostgresNIO
import RatingStore

/// The `RatingStore` in PostgreSQL (tables of migration 11, `PostgresRatingSchema`), shared by every
/// server on the database.
///
/// Applying a game is one transaction. It first takes a transaction advisory lock per player and game
/// id, in the order of their keys, so that every apply touching a player's rating waits for the one
/// before it: two servers applying the same game at once are one after the other, and the second
/// finds the first's record by the game's key and writes nothing; two games of one player on two
/// servers do not both start from the same rating (no lost update). Then, under the locks: the key's
/// check, both rows, the computation, both rows and the record written. The primary key of
/// `rated_game` stays the last word: an insert that meets it rolls back and reads what is stored.
final class PostgresRatingStore: RatingStore {
    private let pool: BoundedPool
    private let logger: Logger

    /// The first key of the two-key advisory locks of ratings: a space of their own, apart from the
    /// single-key migration lock.
    static let lockSpace: Int32 = 0x7261_7465

    init(pool: BoundedPool, logger: Logger) {
        self.pool = pool
        self.logger = logger
    }

    func apply(_ game: RatedGame) async throws -> RatedGameRecord {
        try game.validate()
        do {
            return try await pool.withConnection { [logger] connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    let record = try await Self.apply(game, on: connection, logger: logger)
                    try await connection.query("COMMIT", logger: logger)
                    return record
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.foreignKeyViolation {
            throw RatingStoreError.accountNotFound
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.uniqueViolation {
            guard let stored = try await ratedGame(matchID: game.matchID, gameNumber: game.gameNumber) else { throw error }
            return stored
        }
    }

    private static func apply(_ game: RatedGame, on connection: PostgresConnection, logger: Logger) async throws -> RatedGameRecord {
        let keys = [game.player1.accountID, game.player2.accountID].map { "\($0)/\(game.gameID)" }.sorted()
        for key in keys {
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockSpace), hashtext(\(key)))", logger: logger)
        }
        if let stored = try await PostgresRatingRows.ratedGame(
            matchID: game.matchID, gameNumber: game.gameNumber, on: connection, logger: logger)
        {
            return stored
        }
        let update = RatingUpdate(
            game: game,
            player1: try await PostgresRatingRows.rating(of: game.player1.accountID, gameID: game.gameID, on: connection, logger: logger),
            player2: try await PostgresRatingRows.rating(of: game.player2.accountID, gameID: game.gameID, on: connection, logger: logger))
        try await PostgresRatingRows.save(update.player1, of: game.player1, on: connection, logger: logger)
        try await PostgresRatingRows.save(update.player2, of: game.player2, on: connection, logger: logger)
        try await PostgresRatingRows.insert(update.record, on: connection, logger: logger)
        // Read back, so that this first answer is the stored one to the microsecond, as every later answer is.
        return try await PostgresRatingRows.ratedGame(matchID: game.matchID, gameNumber: game.gameNumber, on: connection, logger: logger)!
    }

    func ratedGame(matchID: String, gameNumber: Int) async throws -> RatedGameRecord? {
        try await pool.withConnection { [logger] connection in
            try await PostgresRatingRows.ratedGame(matchID: matchID, gameNumber: gameNumber, on: connection, logger: logger)
        }
    }

    func ratings(of accountID: String) async throws -> [PlayerRating] {
        try await pool.withConnection { [logger] connection in
            try await PostgresRatingRows.ratings(
                "WHERE account_id = \(accountID) ORDER BY game_id COLLATE \"C\"", on: connection, logger: logger)
        }
    }

    func recentGames(of accountID: String, limit: Int) async throws -> [RatedGameRecord] {
        let limit = max(0, limit)
        return try await pool.withConnection { [logger] connection in
            // Each side's games through its own index, newest first, then the two merged.
            try await PostgresRatingRows.ratedGames(
                """
                SELECT * FROM (
                    (SELECT * FROM rated_game WHERE player1_id = \(accountID)
                     ORDER BY ended_at DESC, match_id COLLATE "C" DESC, game_number DESC LIMIT \(limit))
                    UNION ALL
                    (SELECT * FROM rated_game WHERE player2_id = \(accountID)
                     ORDER BY ended_at DESC, match_id COLLATE "C" DESC, game_number DESC LIMIT \(limit))
                ) AS games
                ORDER BY ended_at DESC, match_id COLLATE "C" DESC, game_number DESC LIMIT \(limit)
                """, on: connection, logger: logger)
        }
    }

    func leaderboard(gameID: String, limit: Int) async throws -> [LeaderboardEntry] {
        try await pool.withConnection { [logger] connection in
            let rows = try await connection.query(
                """
                SELECT account_id, name, rating, deviation, games FROM player_rating
                WHERE game_id = \(gameID) AND rankable ORDER BY shown_rating DESC, canonical_name COLLATE "C" LIMIT \(max(0, limit))
                """, logger: logger)
            var entries: [LeaderboardEntry] = []
            for try await (id, name, rating, deviation, games) in rows.decode((String, String, Double, Double, Int).self) {
                entries.append(LeaderboardEntry(accountID: id, name: name, rating: rating, deviation: deviation, games: games))
            }
            return entries
        }
    }

    static let foreignKeyViolation = "23503"
    static let uniqueViolation = "23505"
}
