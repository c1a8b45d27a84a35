import DurableStore
import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO

/// The SQL of the reads, each one statement on a pooled connection.
enum PostgresReads {
    /// Every match has its `created` record, written in the same statement as the match: no rows is
    /// no match.
    static func records(of id: MatchID, on connection: PostgresConnection, logger: Logger) async throws -> [StoredRecord]? {
        let rows = try await connection.query(
            "SELECT sequence, at, payload FROM record WHERE match_id = \(id.rawValue) ORDER BY sequence", logger: logger)
        var records: [StoredRecord] = []
        for try await (sequence, at, payload) in rows.decode((Int, Date, String).self) {
            records.append(StoredRecord(sequence: sequence, record: try StorageCoding.decodeRecord(from: payload), at: at))
        }
        return records.isEmpty ? nil : records
    }

    static func summary(of id: MatchID, on connection: PostgresConnection, logger: Logger) async throws -> StoredSummary? {
        let rows = try await connection.query("SELECT summary FROM match WHERE id = \(id.rawValue)", logger: logger)
        for try await json in rows.decode(String.self) {
            return try StorageCoding.decode(StoredSummary.self, from: json)
        }
        return nil
    }

    static func match(_ id: MatchID, on connection: PostgresConnection, logger: Logger) async throws -> StoredMatch? {
        let rows = try await connection.query(
            "SELECT id, created_at, updated_at, summary FROM match WHERE id = \(id.rawValue)", logger: logger)
        return try await storedMatches(rows).first
    }

    /// Newest first; `created_order` breaks ties between matches created in the same instant.
    static func list(listedWithFreeSeat: Bool, limit: Int, on connection: PostgresConnection, logger: Logger) async throws -> [StoredMatch]
    {
        let limit = max(limit, 0)
        // Two texts rather than one with a parameter for the filter, so that each has a plan that walks
        // its own index (`match_with_free_seat`, `match_by_creation`).
        let query: PostgresQuery =
            listedWithFreeSeat
            ? """
            SELECT id, created_at, updated_at, summary FROM match WHERE free_seats > 0
            ORDER BY created_at DESC, created_order DESC LIMIT \(limit)
            """
            : """
            SELECT id, created_at, updated_at, summary FROM match
            ORDER BY created_at DESC, created_order DESC LIMIT \(limit)
            """
        return try await storedMatches(try await connection.query(query, logger: logger))
    }

    /// Rows of `id, created_at, updated_at, summary` from `match`.
    private static func storedMatches(_ rows: PostgresRowSequence) async throws -> [StoredMatch] {
        var matches: [StoredMatch] = []
        for try await (id, createdAt, updatedAt, summary) in rows.decode((String, Date, Date, String).self) {
            matches.append(
                StoredMatch(
                    id: MatchID(rawValue: id), createdAt: createdAt, updatedAt: updatedAt,
                    summary: try StorageCoding.decode(StoredSummary.self, from: summary)))
        }
        return matches
    }
}
