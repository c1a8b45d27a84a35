import Foundation
import GRDB
import RatingStore

/// The rows of the rating tables as the store's values, read and written inside a transaction.
/// Through each connection's cached statements: every rated ending runs these, and preparing them
/// anew each time (with GRDB's authorizer) was a measurable share of the writer's time
/// (docs/PERFORMANCE.md, measurement 16).
enum SQLiteRatingRows {
    static func rating(of accountID: String, gameID: String, in db: Database) throws -> PlayerRating? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM playerRating WHERE accountId = ? AND gameId = ?"), arguments: [accountID, gameID]
        ).map(rating)
    }

    static func rating(_ row: Row) -> PlayerRating {
        PlayerRating(
            gameID: row["gameId"], rating: row["rating"], deviation: row["deviation"], volatility: row["volatility"], games: row["games"],
            wins: row["wins"], losses: row["losses"], draws: row["draws"], lastRatedAt: row["lastRatedAt"])
    }

    static func save(_ rating: PlayerRating, of player: RatedPlayer, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO playerRating (accountId, gameId, name, canonicalName, rating, shownRating, deviation, volatility,
                    rankable, games, wins, losses, draws, lastRatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                player.accountID, rating.gameID, player.name, RatingUpdate.canonicalName(player.name), rating.rating, rating.shownRating,
                rating.deviation, rating.volatility, rating.rankable, rating.games, rating.wins, rating.losses, rating.draws,
                rating.lastRatedAt,
            ])
    }

    static func insert(_ record: RatedGameRecord, in db: Database) throws {
        let game = record.game
        try db.cachedStatement(
            sql: """
                INSERT INTO ratedGame (matchId, gameNumber, gameId, player1Id, player1Name, player2Id, player2Name, result,
                    player1Before, player1After, player1DeviationAfter, player1Provisional,
                    player2Before, player2After, player2DeviationAfter, player2Provisional, endedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(
            arguments: [
                game.matchID, game.gameNumber, game.gameID, game.player1.accountID, game.player1.name, game.player2.accountID,
                game.player2.name, game.result.rawValue,
                record.player1.before, record.player1.after, record.player1.deviationAfter, record.player1.provisional,
                record.player2.before, record.player2.after, record.player2.deviationAfter, record.player2.provisional, game.endedAt,
            ])
    }

    static func ratedGame(matchID: String, gameNumber: Int, in db: Database) throws -> RatedGameRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM ratedGame WHERE matchId = ? AND gameNumber = ?"), arguments: [matchID, gameNumber]
        ).map(ratedGame)
    }

    static func ratedGame(_ row: Row) -> RatedGameRecord {
        RatedGameRecord(
            game: RatedGame(
                matchID: row["matchId"], gameNumber: row["gameNumber"], gameID: row["gameId"],
                player1: RatedPlayer(accountID: row["player1Id"], name: row["player1Name"]),
                player2: RatedPlayer(accountID: row["player2Id"], name: row["player2Name"]),
                // Only this store writes the column, from a `RatedResult`.
                result: RatedResult(rawValue: row["result"]) ?? .draw, endedAt: row["endedAt"]),
            player1: RatingChange(
                before: row["player1Before"], after: row["player1After"], deviationAfter: row["player1DeviationAfter"],
                provisional: row["player1Provisional"]),
            player2: RatingChange(
                before: row["player2Before"], after: row["player2After"], deviationAfter: row["player2DeviationAfter"],
                provisional: row["player2Provisional"]))
    }
}
