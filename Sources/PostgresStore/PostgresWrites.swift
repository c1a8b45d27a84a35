import DurableStore
import Foundation
import Logging
import MatchStore
import PostgresNIO

/// The SQL of one batch, run inside the writer's transaction: a few statements per batch whatever its
/// size (arrays bound as parameters and `unnest`ed), so that one round trip and one commit serve the
/// writes of many matches.
enum PostgresWrites {
    /// What a committed batch did: each operation's refusal (nil: written), and the last sequences it
    /// wrote, for `KnownSequences` once committed.
    struct Outcome: Sendable {
        var refusals: [MatchStoreError?]
        var lastSequences: [MatchID: Int] = [:]
    }

    /// Applies `operations` in order. A refused operation (duplicate id, unknown match, a log another
    /// writer extended) writes nothing and the rest still commit; a database error throws and fails
    /// the whole batch. Runs of creates and runs of appends each take their own statements, so that an
    /// append after a create of the same match in one batch finds it.
    static func apply(
        _ operations: [WriteOperation], on connection: PostgresConnection, known: KnownSequences, logger: Logger
    ) async throws -> Outcome {
        var outcome = Outcome(refusals: Array(repeating: nil, count: operations.count))
        var start = 0
        while start < operations.count {
            let isCreate = operations[start].isCreate
            var end = start + 1
            while end < operations.count, operations[end].isCreate == isCreate { end += 1 }
            if isCreate {
                try await createMatches(operations, start..<end, on: connection, logger: logger, into: &outcome)
            } else {
                try await append(operations, start..<end, on: connection, known: known, logger: logger, into: &outcome)
            }
            start = end
        }
        return outcome
    }

    private static func createMatches(
        _ operations: [WriteOperation], _ range: Range<Int>, on connection: PostgresConnection, logger: Logger,
        into outcome: inout Outcome
    ) async throws {
        var ids: [String] = []
        var dates: [Double] = []
        for index in range {
            guard case .create(let id, let date) = operations[index] else { continue }
            ids.append(id.rawValue)
            dates.append(date.timeIntervalSince1970)
        }
        let summary = try StorageCoding.encode(StoredSummary.empty)
        let created = try StorageCoding.encode(MatchRecord.created)
        // ON CONFLICT DO NOTHING: a taken id is a refusal of its own call, not an error of the batch.
        let rows = try await connection.query(
            """
            WITH input AS (
                SELECT * FROM unnest(\(ids)::text[], \(dates)::float8[]) WITH ORDINALITY AS i(id, at, ord)
            ), created AS (
                INSERT INTO match (id, created_at, updated_at, phase, free_seats, summary, last_sequence)
                SELECT id, to_timestamp(at), to_timestamp(at), \(summary.phase), \(summary.freeSeats), \(summary.json), 1
                FROM input ORDER BY ord
                ON CONFLICT (id) DO NOTHING
                RETURNING id, created_at
            ), first_records AS (
                INSERT INTO record (match_id, sequence, at, kind, payload)
                SELECT id, 1, created_at, \(created.kind), \(created.payload) FROM created
            )
            SELECT id FROM created
            """, logger: logger)
        var inserted = Set<String>()
        for try await id in rows.decode(String.self) { inserted.insert(id) }
        for index in range {
            guard case .create(let id, _) = operations[index] else { continue }
            // The first call for an id gets the row; a second one in the same batch is a duplicate.
            if inserted.remove(id.rawValue) != nil {
                outcome.lastSequences[id] = 1
            } else {
                outcome.refusals[index] = .duplicateMatch(id)
            }
        }
    }

    /// The appends to one match within a run of appends, joined: they succeed or are refused together,
    /// since a later one is numbered after an earlier one.
    fileprivate struct MatchAppend {
        var operations: [Int] = []
        var records: [EncodedRecord] = []
        var dates: [Date] = []
        var summary: (EncodedSummary, Date)?
    }

    private static func append(
        _ operations: [WriteOperation], _ range: Range<Int>, on connection: PostgresConnection, known: KnownSequences,
        logger: Logger, into outcome: inout Outcome
    ) async throws {
        var order: [MatchID] = []
        var appends: [MatchID: MatchAppend] = [:]
        for index in range {
            guard case .append(let id, let date, let records, let summary) = operations[index] else { continue }
            if appends[id] == nil { order.append(id) }
            appends[id, default: MatchAppend()].operations.append(index)
            appends[id]?.records += records
            appends[id]?.dates += Array(repeating: date, count: records.count)
            if let summary { appends[id]?.summary = (summary, date) }
        }
        let current = try await lockedLastSequences(of: order, on: connection, logger: logger)
        let expected = known.lastSequences(of: order).merging(outcome.lastSequences) { _, inBatch in inBatch }

        var rows = AppendRows()
        for id in order {
            guard let append = appends[id] else { continue }
            guard let last = current[id] else {
                for index in append.operations { outcome.refusals[index] = .unknownMatch(id) }
                continue
            }
            // A store that never saw the match (nothing written or read since it opened) takes the log
            // as it is; one that did appends only right after what it saw.
            let seen = expected[id] ?? last
            guard seen == last else {
                logger.warning("another writer appended to match \(id) (at \(last), this store saw \(seen)): refusing the append")
                for index in append.operations { outcome.refusals[index] = .appendedElsewhere(id) }
                continue
            }
            rows.add(append, to: id, after: last)
            outcome.lastSequences[id] = last + append.records.count
        }
        guard !rows.matchIds.isEmpty else { return }
        try await rows.write(on: connection, logger: logger)
    }

    /// The matches' `last_sequence`, their rows locked until the transaction ends, in id order so that
    /// two writers' batches lock shared matches in the same order and never deadlock.
    private static func lockedLastSequences(
        of ids: [MatchID], on connection: PostgresConnection, logger: Logger
    ) async throws -> [MatchID: Int] {
        let rows = try await connection.query(
            "SELECT id, last_sequence FROM match WHERE id = ANY(\(ids.map(\.rawValue))::text[]) ORDER BY id FOR UPDATE",
            logger: logger)
        var found: [MatchID: Int] = [:]
        for try await (id, last) in rows.decode((String, Int).self) { found[MatchID(rawValue: id)] = last }
        return found
    }
}

/// The columns of the accepted appends of a batch, bound as arrays.
private struct AppendRows {
    var matchIds: [String] = []
    var expected: [Int] = []
    var newLast: [Int] = []
    var summaryDates: [Double] = []
    /// "" where the append keeps the stored summary: arrays are bound without NULLs.
    var summaries: [String] = []
    var phases: [String] = []
    var freeSeats: [Int] = []
    var recordMatchIds: [String] = []
    var sequences: [Int] = []
    var recordDates: [Double] = []
    var kinds: [String] = []
    var payloads: [String] = []

    mutating func add(_ append: PostgresWrites.MatchAppend, to id: MatchID, after last: Int) {
        matchIds.append(id.rawValue)
        expected.append(last)
        newLast.append(last + append.records.count)
        summaryDates.append(append.summary?.1.timeIntervalSince1970 ?? 0)
        summaries.append(append.summary?.0.json ?? "")
        phases.append(append.summary?.0.phase ?? "")
        freeSeats.append(append.summary?.0.freeSeats ?? 0)
        for (offset, record) in append.records.enumerated() {
            recordMatchIds.append(id.rawValue)
            sequences.append(last + 1 + offset)
            recordDates.append(append.dates[offset].timeIntervalSince1970)
            kinds.append(record.kind)
            payloads.append(record.payload)
        }
    }

    /// One statement: moves each match's `last_sequence` on, conditioned on the value just read (the
    /// rows are locked, so a mismatch means a bug, not a race), replaces the summaries given, and
    /// inserts the records. Throws, failing the batch, when a count is off or a (match, sequence) is
    /// taken: the log never forks, even if the condition above were wrong.
    func write(on connection: PostgresConnection, logger: Logger) async throws {
        let rows = try await connection.query(
            """
            WITH updated AS (
                UPDATE match AS m SET
                    last_sequence = i.new_last,
                    updated_at = CASE WHEN i.summary = '' THEN m.updated_at ELSE to_timestamp(i.at) END,
                    phase = CASE WHEN i.summary = '' THEN m.phase ELSE i.phase END,
                    free_seats = CASE WHEN i.summary = '' THEN m.free_seats ELSE i.free_seats END,
                    summary = CASE WHEN i.summary = '' THEN m.summary ELSE i.summary END
                FROM unnest(\(matchIds)::text[], \(expected)::int8[], \(newLast)::int8[], \(summaryDates)::float8[],
                            \(summaries)::text[], \(phases)::text[], \(freeSeats)::int8[])
                    AS i(id, expected, new_last, at, summary, phase, free_seats)
                WHERE m.id = i.id AND m.last_sequence = i.expected
                RETURNING m.id
            ), inserted AS (
                INSERT INTO record (match_id, sequence, at, kind, payload)
                SELECT match_id, sequence, to_timestamp(at), kind, payload
                FROM unnest(\(recordMatchIds)::text[], \(sequences)::int8[], \(recordDates)::float8[],
                            \(kinds)::text[], \(payloads)::text[])
                    AS r(match_id, sequence, at, kind, payload)
                RETURNING 1
            )
            SELECT (SELECT count(*) FROM updated), (SELECT count(*) FROM inserted)
            """, logger: logger)
        for try await (updated, inserted) in rows.decode((Int, Int).self) {
            guard updated == matchIds.count, inserted == recordMatchIds.count else {
                throw UnexpectedWriteCount(updatedMatches: updated, expectedMatches: matchIds.count)
            }
        }
    }
}

/// A batch whose conditioned update did not move every match it locked: refused as a whole.
struct UnexpectedWriteCount: Error, CustomStringConvertible {
    let updatedMatches: Int
    let expectedMatches: Int
    var description: String {
        "an append batch moved \(updatedMatches) of \(expectedMatches) matches on; nothing of it was written"
    }
}

extension WriteOperation {
    fileprivate var isCreate: Bool {
        if case .create = self { return true }
        return false
    }
}
