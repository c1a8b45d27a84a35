import Foundation
import GRDB
import RatingStore

/// The `RatingStore` in the match store's SQLite file (tables of migration "v5: ratings"), written
/// through the same pool as the matches and accounts. The applies waiting at once share one write
/// transaction (`RatingGroupCommit`), each game in a savepoint of its own with the check for its key,
/// the two players' rows, the computation, both rows and the game's record. The games of a batch, and
/// the batches, run one after the other, so two applies of one game are one after the other and the
/// second finds the first's record; a second process on the same file that raced past the check meets
/// the primary key of `ratedGame`, and then reads what the first wrote.
///
/// One per store file (`SQLiteMatchStore.makeRatingStore` hands out the same one), so that every
/// caller joins the same batches.
final class SQLiteRatingStore: RatingStore {
    private let database: DatabasePool
    private let commits: RatingGroupCommit

    init(database: DatabasePool) {
        self.database = database
        self.commits = RatingGroupCommit(database: database)
    }

    func apply(_ game: RatedGame) async throws -> RatedGameRecord {
        try await commits.apply(game)
    }

    /// How many applies wait for the next batch, and how many were taken into batches (tests).
    var queueForTesting: (queued: Int, taken: Int) { commits.queueForTesting }

    func ratedGame(matchID: String, gameNumber: Int) async throws -> RatedGameRecord? {
        try await database.read { try SQLiteRatingRows.ratedGame(matchID: matchID, gameNumber: gameNumber, in: $0) }
    }

    func ratings(of accountID: String) async throws -> [PlayerRating] {
        try await database.read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM playerRating WHERE accountId = ? ORDER BY gameId"), arguments: [accountID]
            ).map(SQLiteRatingRows.rating)
        }
    }

    func recentGames(of accountID: String, limit: Int) async throws -> [RatedGameRecord] {
        // Each side's games through its own index, newest first, then the two merged.
        try await database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM (SELECT * FROM ratedGame WHERE player1Id = ?1 ORDER BY endedAt DESC, matchId DESC, gameNumber DESC LIMIT ?2)
                        UNION ALL
                        SELECT * FROM (SELECT * FROM ratedGame WHERE player2Id = ?1 ORDER BY endedAt DESC, matchId DESC, gameNumber DESC LIMIT ?2)
                        ORDER BY endedAt DESC, matchId DESC, gameNumber DESC LIMIT ?2
                        """),
                arguments: [accountID, max(0, limit)]
            ).map(SQLiteRatingRows.ratedGame)
        }
    }

    func leaderboard(gameID: String, limit: Int) async throws -> [LeaderboardEntry] {
        try await database.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT accountId, name, rating, deviation, games FROM playerRating INDEXED BY playerRating_leaderboard
                        WHERE gameId = ? AND rankable = 1 ORDER BY shownRating DESC, canonicalName LIMIT ?
                        """),
                arguments: [gameID, max(0, limit)]
            ).map { row in
                LeaderboardEntry(
                    accountID: row["accountId"], name: row["name"], rating: row["rating"], deviation: row["deviation"], games: row["games"])
            }
        }
    }
}
