import GRDB

/// The version of what a store file holds: the tables (`SQLiteSchema`) and the JSON of every record and
/// summary (`StorageCoding`). Kept in the file's `PRAGMA user_version`, where the sqlite3 CLI shows it.
///
/// A release that changes how a record or a summary is written raises `current` and, in the same
/// change, teaches the reader the older form (or adds a migration that rewrites it), with a fixture
/// file of the older release under `Tests/ServerTests/Fixtures` that a test replays. A file of a newer
/// format than this release knows is refused at open: reading it would misread what it does not know.
public enum StoredFormat {
    /// The format this release writes and reads. 2: the fair-play records (`listed`, `gameClaimed`,
    /// `resigned`, the offers), the summary's `listed`, and `freeSeats` counting only the seats the lobby
    /// offers (migration v3); a release of format 1 could not read those logs, and would list private
    /// matches. 3: clocks (`clockSet`, `timeRanOut`, a timed move's `tookMs` beside its game's object, the
    /// summary's `clock`); a release of format 2 could not read a clocked match's log. 4: the first-move
    /// rule's `gameAborted`, and `tookMs` on a record that ended a clocked game without a move (`left`,
    /// `seatTimedOut`, `gameClaimed`, `resigned`, `drawAccepted`); a release of format 3 could not read
    /// `gameAborted`. 5: the `account` of a signed-in player's `seatTaken` (issue 41); a release of format 4
    /// would read past it and seat that player as a guest, so that the account no longer found its seat.
    /// 6: the `rated` record of a rated match (issue 42); a release of format 5 could not read that match's
    /// log, and would not rate its games.
    public static let current = 6

    /// A file written by a release newer than this one.
    public struct TooNew: Error, CustomStringConvertible {
        public let found: Int
        public var description: String {
            "the store file has format \(found), written by a newer release; this release reads format \(current) and older"
        }
    }

    /// Checks the file's version before anything is migrated: files of releases before the version
    /// was kept say 0, which is format 1.
    static func check(_ db: Database) throws {
        let found = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard found <= current else { throw TooNew(found: found) }
    }

    /// Whether the file does not say `current` yet.
    static func needsStamp(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "PRAGMA user_version") != current
    }

    /// Marks the file as `current`, once it is migrated.
    static func stamp(_ db: Database) throws {
        try db.execute(sql: "PRAGMA user_version = \(current)")
    }
}
