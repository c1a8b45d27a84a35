import DurableStore
import Foundation
import GRDB
import MatchStore
import MatchWords

/// The SQL of one write, run inside the writer loop's transaction.
enum SQLiteWrites {
    /// Applies `operation`. A refused operation (duplicate id, unknown match) writes nothing and
    /// returns its error, so the rest of its batch still commits; a database error throws and fails
    /// the whole batch. What it appends to a log table is noted in `changes`, which the writer hands
    /// to `log` once the transaction committed.
    static func apply(
        _ operation: WriteOperation, in db: Database, log: RecordLogState, changes: inout RecordLogChanges
    ) throws -> MatchStoreError? {
        switch operation {
        case .create(let matchId, let date):
            try createMatch(matchId, at: date, in: db, changes: &changes)
        case .append(let matchId, let date, let records, let summary):
            try append(records, summary: summary, to: matchId, at: date, in: db, log: log, changes: &changes)
        }
    }

    private static func createMatch(
        _ id: MatchID, at date: Date, in db: Database, changes: inout RecordLogChanges
    ) throws -> MatchStoreError? {
        let summary = try StorageCoding.encode(StoredSummary.empty)
        try db.cachedStatement(
            sql: """
                INSERT INTO match (id, createdAt, updatedAt, phase, freeSeats, summary) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """
        ).execute(arguments: [id, date, date, summary.phase, summary.freeSeats, summary.json])
        guard db.changesCount == 1 else { return .duplicateMatch(id) }
        try insert([StorageCoding.encode(MatchRecord.created)], after: 0, of: id, at: date, in: db, changes: &changes)
        return nil
    }

    private static func append(
        _ records: [EncodedRecord], summary: EncodedSummary?, to id: MatchID, at date: Date,
        in db: Database, log: RecordLogState, changes: inout RecordLogChanges
    ) throws -> MatchStoreError? {
        // Every stored match has its `created` record, so no record means no match. An append without a
        // summary (most moves) leaves the match row alone: its page is not rewritten into the WAL with
        // every move of every match in the transaction.
        guard
            let last = try changes.entries[id]?.lastSequence ?? log.entry(of: id)?.lastSequence
                ?? lastArchivedSequence(of: id, in: db)
        else { return .unknownMatch(id) }
        if let summary {
            try db.cachedStatement(
                sql: """
                    UPDATE match SET updatedAt = ?, phase = ?, freeSeats = ?, summary = ? WHERE id = ?
                    """
            ).execute(arguments: [date, summary.phase, summary.freeSeats, summary.json, id])
        }
        try insert(records, after: last, of: id, at: date, in: db, changes: &changes)
        return nil
    }

    /// Deletes the matches whose summary last changed before `date` (not `keeping`), at most `limit`,
    /// least recently changed first, with their records in `record` and in the log tables.
    static func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int, in db: Database) throws -> [MatchID] {
        // A few more than the limit, so that matches kept do not stop the oldest others from going.
        let candidates = try String.fetchAll(
            db, sql: "SELECT id FROM match WHERE updatedAt < ? ORDER BY updatedAt LIMIT ?",
            arguments: [date, max(limit, 0) + keeping.count]
        )
        let doomed = candidates.map(MatchID.init(rawValue:)).filter { !keeping.contains($0) }.prefix(max(limit, 0))
        for id in doomed {
            for table in ["record"] + RecordLogTable.allCases.map(\.name) {
                try db.execute(sql: "DELETE FROM \(table) WHERE matchId = ?", arguments: [id])
            }
            try db.execute(sql: "DELETE FROM match WHERE id = ?", arguments: [id])
        }
        return Array(doomed)
    }

    /// A match without rows in the log has all its records in `record` (`RecordLogState`'s invariant).
    private static func lastArchivedSequence(of id: MatchID, in db: Database) throws -> Int? {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT MAX(sequence) FROM record WHERE matchId = ?"), arguments: [id])
    }

    /// Appends `records` to the current log table, numbered after `lastSequence`, in the rows that
    /// follow its last one.
    private static func insert(
        _ records: [EncodedRecord], after lastSequence: Int, of id: MatchID, at date: Date,
        in db: Database, changes: inout RecordLogChanges
    ) throws {
        guard !records.isEmpty else { return }
        let statement = try db.cachedStatement(sql: changes.table.insertSQL)
        for (offset, record) in records.enumerated() {
            try statement.execute(arguments: [id, lastSequence + 1 + offset, date, record.kind, record.payload])
        }
        changes.rows += records.count
        changes.entries[id] = RecordLogState.Entry(lastSequence: lastSequence + records.count, generation: changes.generation)
    }
}
