import DurableStore
import Foundation
import GRDB
import MatchStore
import MatchWords

/// The SQL of the reads, run on one of the pool's reader connections (a consistent snapshot).
enum SQLiteReads {
    /// A match's records are in `record` (archived) and in the two log tables (not yet archived); while
    /// a window is being archived some are in two places, which `UNION` keeps once. The log tables
    /// have no index by match, so this scans them: about two archive windows of rows at most
    /// (docs/PERFORMANCE.md, item 11).
    static func records(of id: MatchID, in db: Database) throws -> [StoredRecord]? {
        guard try matchExists(id, in: db) else { return nil }
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT sequence, at, payload FROM record WHERE matchId = ?
                    UNION SELECT sequence, at, payload FROM recordLog0 WHERE matchId = ?
                    UNION SELECT sequence, at, payload FROM recordLog1 WHERE matchId = ?
                    ORDER BY sequence
                    """),
            arguments: [id, id, id]
        )
        return try Array(
            rows.map { row in
                StoredRecord(
                    sequence: try row.decode(forColumn: "sequence"),
                    record: try StorageCoding.decodeRecord(from: row.decode(forColumn: "payload")),
                    at: try row.decode(forColumn: "at")
                )
            })
    }

    static func summary(of id: MatchID, in db: Database) throws -> StoredSummary? {
        let json = try String.fetchOne(db.cachedStatement(sql: "SELECT summary FROM match WHERE id = ?"), arguments: [id])
        return try json.map { try StorageCoding.decode(StoredSummary.self, from: $0) }
    }

    static func match(_ id: MatchID, in db: Database) throws -> StoredMatch? {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, createdAt, updatedAt, summary FROM match WHERE id = ?"), arguments: [id])
        return try row.map(storedMatch)
    }

    /// Newest first; `rowid` breaks ties between matches created in the same millisecond. Each filter
    /// walks its own index (`match_with_free_seat`, `match_by_creation`) backwards, without sorting.
    static func list(listedWithFreeSeat: Bool, limit: Int, in db: Database) throws -> [StoredMatch] {
        let filter = listedWithFreeSeat ? "WHERE freeSeats > 0" : ""
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT id, createdAt, updatedAt, summary FROM match \(filter)
                    ORDER BY createdAt DESC, rowid DESC LIMIT ?
                    """),
            arguments: [max(limit, 0)]
        )
        return try Array(rows.map(storedMatch))
    }

    /// A row of `id, createdAt, updatedAt, summary` from `match`.
    private static func storedMatch(_ row: Row) throws -> StoredMatch {
        StoredMatch(
            id: try row.decode(forColumn: "id"),
            createdAt: try row.decode(forColumn: "createdAt"),
            updatedAt: try row.decode(forColumn: "updatedAt"),
            summary: try StorageCoding.decode(StoredSummary.self, from: row.decode(forColumn: "summary"))
        )
    }

    private static func matchExists(_ id: MatchID, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM match WHERE id = ?"), arguments: [id]) != nil
    }
}
