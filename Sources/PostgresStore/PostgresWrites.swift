import DurableStore
import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO

/// The SQL of one batch, run inside the writer's transaction: one statement per run of creates or of
/// appends whatever its size (arrays bound as parameters and `unnest`ed), so that a few round trips and
/// one commit serve the writes of many matches.
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
        _ operations: [WriteOperation], on connection: PostgresConnection, known: KnownSequences, held: HeldMatches,
        server: String, logger: Logger
    ) async throws -> Outcome {
        var outcome = Outcome(refusals: Array(repeating: nil, count: operations.count))
        var start = 0
        while start < operations.count {
            let isCreate = operations[start].isCreate
            var end = start + 1
            while end < operations.count, operations[end].isCreate == isCreate { end += 1 }
            if isCreate {
                try await createMatches(operations, start..<end, on: connection, server: server, logger: logger, into: &outcome)
            } else {
                try await append(operations, start..<end, on: connection, known: known, held: held, logger: logger, into: &outcome)
            }
            start = end
        }
        return outcome
    }

    private static func createMatches(
        _ operations: [WriteOperation], _ range: Range<Int>, on connection: PostgresConnection, server: String, logger: Logger,
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
                INSERT INTO match (id, created_at, updated_at, phase, free_seats, summary, last_sequence, owner, epoch)
                SELECT id, to_timestamp(at), to_timestamp(at), \(summary.phase), \(summary.freeSeats), \(summary.json), 1,
                       \(server), \(PostgresOwnership.createdEpoch)
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
        held: HeldMatches, logger: Logger, into outcome: inout Outcome
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
        let seen = known.lastSequences(of: order).merging(outcome.lastSequences) { _, inBatch in inBatch }
        let epochs = held.epochs(of: order)
        var rows = AppendRows()
        // In id order, so that two writers' batches that share matches tend to lock them in the same
        // order (a deadlock, should one happen anyway, fails the transaction and the writer retries it).
        for id in order.sorted() {
            guard let append = appends[id] else { continue }
            rows.add(append, to: id, expected: seen[id], epoch: epochs[id] ?? HeldMatches.notHeld)
        }
        let written = try await rows.write(on: connection, logger: logger)
        let refused = order.filter { written[$0] == nil }
        let existing = refused.isEmpty ? [] : try await existingMatches(refused, on: connection, logger: logger)
        for id in order {
            if let last = written[id] {
                outcome.lastSequences[id] = last
                continue
            }
            let refusal: MatchStoreError
            if existing.contains(id) {
                logger.warning("another server took match \(id) or appended to it after what this store saw: refusing the append")
                refusal = .appendedElsewhere(id)
            } else {
                refusal = .unknownMatch(id)
            }
            for index in appends[id]?.operations ?? [] { outcome.refusals[index] = refusal }
        }
    }

    /// Which of `ids` are stored: tells a refusal for an unknown match from one for a log another writer
    /// extended. Only refused appends ask.
    private static func existingMatches(
        _ ids: [MatchID], on connection: PostgresConnection, logger: Logger
    ) async throws -> Set<MatchID> {
        let rows = try await connection.query("SELECT id FROM match WHERE id = ANY(\(ids.map(\.rawValue))::text[])", logger: logger)
        var found = Set<MatchID>()
        for try await id in rows.decode(String.self) { found.insert(MatchID(rawValue: id)) }
        return found
    }
}

/// The columns of a batch's appends, bound as arrays.
private struct AppendRows {
    /// Unknown to this store: the append goes after the log as it stands.
    static let unseen = -1

    var matchIds: [String] = []
    var expected: [Int] = []
    /// The epoch this server holds the match in (`HeldMatches`), or `HeldMatches.notHeld`.
    var epochs: [Int] = []
    var counts: [Int] = []
    var summaryDates: [Double] = []
    /// "" where the append keeps the stored summary: arrays are bound without NULLs.
    var summaries: [String] = []
    var phases: [String] = []
    var freeSeats: [Int] = []
    var recordMatchIds: [String] = []
    var offsets: [Int] = []
    var recordDates: [Double] = []
    var kinds: [String] = []
    var payloads: [String] = []

    mutating func add(_ append: PostgresWrites.MatchAppend, to id: MatchID, expected last: Int?, epoch: Int) {
        matchIds.append(id.rawValue)
        expected.append(last ?? Self.unseen)
        epochs.append(epoch)
        counts.append(append.records.count)
        summaryDates.append(append.summary?.1.timeIntervalSince1970 ?? 0)
        summaries.append(append.summary?.0.json ?? "")
        phases.append(append.summary?.0.phase ?? "")
        freeSeats.append(append.summary?.0.freeSeats ?? 0)
        for (offset, record) in append.records.enumerated() {
            recordMatchIds.append(id.rawValue)
            offsets.append(offset + 1)
            recordDates.append(append.dates[offset].timeIntervalSince1970)
            kinds.append(record.kind)
            payloads.append(record.payload)
        }
    }

    /// One statement for the whole run of appends: moves on the `last_sequence` of each match whose
    /// stored value is the one this store saw and whose epoch is the one this server holds it in (the UPDATE locks the row and, in READ COMMITTED, checks
    /// the condition again on the newest version when it had to wait for another writer), replaces the
    /// summaries given, and inserts those matches' records numbered after the old value. Returns the new
    /// last sequence of each match it moved on; the others were refused. Throws, failing the batch, when
    /// the records inserted are not the ones expected or a (match, sequence) is taken: the log never
    /// forks, even if the condition were wrong.
    func write(on connection: PostgresConnection, logger: Logger) async throws -> [MatchID: Int] {
        let rows = try await connection.query(
            """
            WITH updated AS (
                UPDATE match AS m SET
                    last_sequence = m.last_sequence + i.count,
                    updated_at = CASE WHEN i.summary = '' THEN m.updated_at ELSE to_timestamp(i.at) END,
                    phase = CASE WHEN i.summary = '' THEN m.phase ELSE i.phase END,
                    free_seats = CASE WHEN i.summary = '' THEN m.free_seats ELSE i.free_seats END,
                    summary = CASE WHEN i.summary = '' THEN m.summary ELSE i.summary END
                FROM unnest(\(matchIds)::text[], \(expected)::int8[], \(epochs)::int8[], \(counts)::int8[], \(summaryDates)::float8[],
                            \(summaries)::text[], \(phases)::text[], \(freeSeats)::int8[])
                    AS i(id, expected, epoch, count, at, summary, phase, free_seats)
                WHERE m.id = i.id AND (i.expected = \(Self.unseen) OR m.last_sequence = i.expected)
                  AND (i.epoch = \(HeldMatches.notHeld) OR m.epoch = i.epoch)
                RETURNING m.id, m.last_sequence AS new_last, i.count
            ), inserted AS (
                INSERT INTO record (match_id, sequence, at, kind, payload)
                SELECT r.match_id, u.new_last - u.count + r.record_offset, to_timestamp(r.at), r.kind, r.payload
                FROM unnest(\(recordMatchIds)::text[], \(offsets)::int8[], \(recordDates)::float8[],
                            \(kinds)::text[], \(payloads)::text[])
                    AS r(match_id, record_offset, at, kind, payload)
                JOIN updated u ON u.id = r.match_id
                RETURNING 1
            )
            SELECT id, new_last, count, (SELECT count(*) FROM inserted) FROM updated
            """, logger: logger)
        var written: [MatchID: Int] = [:]
        var expectedRecords = 0
        var insertedRecords = 0
        for try await (id, newLast, count, inserted) in rows.decode((String, Int, Int, Int).self) {
            written[MatchID(rawValue: id)] = newLast
            expectedRecords += count
            insertedRecords = inserted
        }
        guard insertedRecords == expectedRecords else {
            throw UnexpectedWriteCount(insertedRecords: insertedRecords, expectedRecords: expectedRecords)
        }
        return written
    }
}

/// A batch whose records inserted are not those of the appends it accepted: refused as a whole.
struct UnexpectedWriteCount: Error, CustomStringConvertible {
    let insertedRecords: Int
    let expectedRecords: Int
    var description: String {
        "an append batch inserted \(insertedRecords) records instead of \(expectedRecords); nothing of it was written"
    }
}

extension WriteOperation {
    fileprivate var isCreate: Bool {
        if case .create = self { return true }
        return false
    }
}
