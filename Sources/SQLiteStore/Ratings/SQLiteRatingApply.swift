import Foundation
import GRDB
import RatingStore

/// Applies one rated game inside the transaction of a rating batch (`RatingGroupCommit`), in a
/// savepoint of its own: a game that is refused rolls back only its own writes, and the batch's other
/// games still commit.
enum SQLiteRatingApply {
    /// The game's stored record (the one already there, or the one just written and read back), or
    /// why it was refused. Throws only what fails the whole transaction (disk, I/O, a broken file).
    static func outcome(of game: RatedGame, in db: Database) throws -> Result<RatedGameRecord, any Error> {
        var stored: RatedGameRecord?
        do {
            try db.inSavepoint {
                stored = try apply(game, in: db)
                return .commit
            }
        } catch let error as RatingStoreError {
            return .failure(error)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            return .failure(RatingStoreError.accountNotFound)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            // Another process on the file applied the game between our check and our insert: its
            // record is the answer (the savepoint has undone our rows).
            guard let theirs = try SQLiteRatingRows.ratedGame(matchID: game.matchID, gameNumber: game.gameNumber, in: db) else {
                return .failure(error)
            }
            return .success(theirs)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // Any other constraint refuses this game's rows, not the file: only this caller is told.
            return .failure(error)
        }
        // `apply` returned, so the savepoint committed with a record.
        return .success(stored!)
    }

    /// The check for the game's key, the two players' rows, the computation, both rows and the
    /// game's record: what one `apply` has always written, now one savepoint of a batch.
    private static func apply(_ game: RatedGame, in db: Database) throws -> RatedGameRecord {
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
}
