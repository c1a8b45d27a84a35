import Foundation
import GRDB
import RatingStore

/// The `RatingStore` in the match store's SQLite file (tables of migration "v5: ratings"), written
/// through the same pool as the matches and accounts. Applying a game is one write transaction: the
/// check for its key, the two players' rows, the computation, both rows and the game's record. GRDB
/// runs the writer's transactions one at a time, so two applies of one game are one after the other
/// and the second finds the first's record; a second process on the same file that raced past the
/// check meets the primary key of `ratedGame`, and then reads what the first wrote.
final class SQLiteRatingStore: RatingStore {
    private let database: DatabasePool

    init(database: DatabasePool) {
        self.database = database
    }

    func apply(_ game: RatedGame) async throws -> RatedGameRecord {
        do {
            return try await database.write { db in
                if let stored = try SQLiteRatingRows.ratedGame(matchID: game.matchID, gameNumber: game.gameNumber, in: db) { return stored }
                try game.validate()
                let update = RatingUpdate(
                    game: game,
                    player1: try SQLiteRatingRows.rating(of: game.player1.accountID, gameID: game.gameID, in: db),
                    player2: try SQLiteRatingRows.rating(of: game.player2.accountID, gameID: game.gameID, in: db))
                try SQLiteRatingRows.save(update.player1, of: game.player1, in: db)
                try SQLiteRatingRows.save(update.player2, of: game.player2, in: db)
                try SQLiteRatingRows.insert(update.record, in: db)
                // Read back, so that this first answer is the stored one to the millisecond, as every later answer is.
                return try SQLiteRatingRows.ratedGame(matchID: game.matchID, gameNumber: game.gameNumber, in: db)!
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            throw RatingStoreError.accountNotFound
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            // Another process on the file applied the game between our check and our insert.
            guard let stored = try await ratedGame(matchID: game.matchID, gameNumber: game.gameNumber) else { throw error }
            return stored
        }
    }

    func ratedGame(matchID: String, gameNumber: Int) async throws -> RatedGameRecord? {
        try await database.read { try SQLiteRatingRows.ratedGame(matchID: matchID, gameNumber: gameNumber, in: $0) }
    }

    func ratings(of accountID: String) async throws -> [PlayerRating] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM playerRating WHERE accountId = ? ORDER BY gameId", arguments: [accountID])
                .map(SQLiteRatingRows.rating)
        }
    }

    func recentGames(of accountID: String, limit: Int) async throws -> [RatedGameRecord] {
        // Each side's games through its own index, newest first, then the two merged.
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM (SELECT * FROM ratedGame WHERE player1Id = ?1 ORDER BY endedAt DESC, matchId DESC, gameNumber DESC LIMIT ?2)
                    UNION ALL
                    SELECT * FROM (SELECT * FROM ratedGame WHERE player2Id = ?1 ORDER BY endedAt DESC, matchId DESC, gameNumber DESC LIMIT ?2)
                    ORDER BY endedAt DESC, matchId DESC, gameNumber DESC LIMIT ?2
                    """,
                arguments: [accountID, max(0, limit)]
            ).map(SQLiteRatingRows.ratedGame)
        }
    }

    func leaderboard(gameID: String, limit: Int) async throws -> [LeaderboardEntry] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT accountId, name, rating, deviation, games FROM playerRating INDEXED BY playerRating_leaderboard
                    WHERE gameId = ? AND rankable = 1 ORDER BY shownRating DESC, canonicalName LIMIT ?
                    """,
                arguments: [gameID, max(0, limit)]
            ).map { row in
                LeaderboardEntry(
                    accountID: row["accountId"], name: row["name"], rating: row["rating"], deviation: row["deviation"], games: row["games"])
            }
        }
    }
}
