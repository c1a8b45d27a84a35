import GRDB

/// The tables of a match store file, as named migrations. Append new migrations; never edit one that
/// has shipped.
///
/// ```sql
/// match(id TEXT PRIMARY KEY, createdAt TEXT, updatedAt TEXT, phase TEXT, freeSeats INTEGER,
///       summary TEXT)                       -- summary: StoredSummary as JSON
/// record(matchId TEXT REFERENCES match, sequence INTEGER, at TEXT, kind TEXT,
///        payload TEXT,                      -- payload: MatchRecord as JSON
///        PRIMARY KEY (matchId, sequence)) WITHOUT ROWID
/// recordLog0, recordLog1(matchId TEXT, sequence INTEGER, at TEXT, kind TEXT, payload TEXT)
///                                           -- v2: records in the order they were written
/// -- v4: accounts, passkeys, sessions, challenges, blocks (SQLiteAccountSchema); none in a match's log
/// -- v5: playerRating, ratedGame (SQLiteRatingSchema): ratings, each rated game once by (matchId, gameNumber)
/// ```
///
/// Appends go to one of the two `recordLog` tables, whose rows follow one another in the file, so a
/// transaction carrying the moves of a hundred matches writes a page or two rather than a page per
/// match. Once it holds a window's worth, appends go to the other one and the writer moves the full
/// one into `record` (kept in match order, for loading a match) in the background, so each match's page
/// is written once for many records, then empties it in one go: see `RecordArchive`. A match's log is
/// the union of the three tables.
///
/// Dates are GRDB's UTC text, `yyyy-MM-dd HH:mm:ss.SSS`. `phase` and `freeSeats` repeat what the
/// summary says, for the lobby's query and for people reading the file with the sqlite3 CLI; since v3,
/// `freeSeats` counts only the free seats the lobby offers (`StoredSummary.lobbySeats`: 0 for a
/// private match).
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: match and record") { db in
            try db.execute(
                sql: """
                    CREATE TABLE match (
                        id TEXT NOT NULL PRIMARY KEY,
                        createdAt TEXT NOT NULL,
                        updatedAt TEXT NOT NULL,
                        phase TEXT NOT NULL,
                        freeSeats INTEGER NOT NULL,
                        summary TEXT NOT NULL
                    );
                    CREATE INDEX match_by_creation ON match(createdAt);
                    CREATE INDEX match_with_free_seat ON match(createdAt) WHERE freeSeats > 0;
                    CREATE TABLE record (
                        matchId TEXT NOT NULL REFERENCES match(id) ON DELETE CASCADE,
                        sequence INTEGER NOT NULL,
                        at TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        payload TEXT NOT NULL,
                        PRIMARY KEY (matchId, sequence)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2: record log") { db in
            // No foreign key: the writer checks the match before appending, and a lookup of the match
            // row per insert is what these tables are there to save. (The names are spelled out: a
            // migration must not change when `RecordLogTable` does.)
            for name in ["recordLog0", "recordLog1"] {
                try db.execute(
                    sql: """
                        CREATE TABLE \(name) (
                            matchId TEXT NOT NULL,
                            sequence INTEGER NOT NULL,
                            at TEXT NOT NULL,
                            kind TEXT NOT NULL,
                            payload TEXT NOT NULL
                        )
                        """)
            }
        }
        migrator.registerMigration("v3: only listed matches in the lobby") { db in
            // `freeSeats` counts the free seats the lobby offers since matches became private unless
            // their creator asks to list them; every match stored before was made without asking.
            try db.execute(sql: "UPDATE match SET freeSeats = 0")
        }
        migrator.registerMigration("v4: accounts") { db in
            try db.execute(sql: SQLiteAccountSchema.v4)
        }
        migrator.registerMigration("v5: ratings") { db in
            try db.execute(sql: SQLiteRatingSchema.v5)
        }
        return migrator
    }
}
