import Foundation
import GRDB

/// The SQL of one write, run inside the writer loop's transaction.
enum SQLiteWrites {
    /// Applies `operation`. A refused operation (duplicate id, unknown match) writes nothing and
    /// returns its error, so the rest of its batch still commits; a database error throws and fails
    /// the whole batch.
    static func apply(_ operation: WriteOperation, in db: Database) throws -> MatchStoreError? {
        switch operation {
        case let .create(matchId, date):
            try createMatch(matchId, at: date, in: db)
        case let .append(matchId, date, records, summary):
            try append(records, summary: summary, to: matchId, at: date, in: db)
        }
    }

    private static func createMatch(_ id: String, at date: Date, in db: Database) throws -> MatchStoreError? {
        let summary = try StorageCoding.encode(StoredSummary.empty)
        try db.cachedStatement(sql: """
            INSERT INTO match (id, createdAt, updatedAt, phase, freeSeats, summary) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            """).execute(arguments: [id, date, date, summary.phase, summary.freeSeats, summary.json])
        guard db.changesCount == 1 else { return .duplicateMatch(id) }
        try insert([StorageCoding.encode(MatchRecord.created)], firstSequence: 1, of: id, at: date, in: db)
        return nil
    }

    private static func append(
        _ records: [EncodedRecord], summary: EncodedSummary?, to id: String, at date: Date, in db: Database
    ) throws -> MatchStoreError? {
        // Every stored match has its `created` record, so no record means no match. An append without a
        // summary (most moves) leaves the match row alone: its page is not rewritten into the WAL with
        // every move of every match in the transaction.
        guard let last = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT MAX(sequence) FROM record WHERE matchId = ?"), arguments: [id]
        ) else { return .unknownMatch(id) }
        if let summary {
            try db.cachedStatement(sql: """
                UPDATE match SET updatedAt = ?, phase = ?, freeSeats = ?, summary = ? WHERE id = ?
                """).execute(arguments: [date, summary.phase, summary.freeSeats, summary.json, id])
        }
        try insert(records, firstSequence: last + 1, of: id, at: date, in: db)
        return nil
    }

    private static func insert(
        _ records: [EncodedRecord], firstSequence: Int, of id: String, at date: Date, in db: Database
    ) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO record (matchId, sequence, at, kind, payload) VALUES (?, ?, ?, ?, ?)
            """)
        for (offset, record) in records.enumerated() {
            try statement.execute(arguments: [id, firstSequence + offset, date, record.kind, record.payload])
        }
    }
}
