import Foundation
import MatchStore
import MatchWords

/// A write waiting for the writer loop, already encoded to the columns it is stored in, so that the
/// loop's transaction spends its time on SQL only and a value that cannot be encoded fails its own
/// caller before it joins a batch.
package enum WriteOperation: Sendable {
    case create(matchId: MatchID, at: Date)
    /// `summary` nil: the stored summary stays.
    case append(matchId: MatchID, at: Date, records: [EncodedRecord], summary: EncodedSummary?)

    /// The log records this operation adds once committed.
    package var recordCount: Int {
        switch self {
        case .create: 1
        case .append(_, _, let records, _): records.count
        }
    }
}

/// A `MatchRecord` as the `record` table stores it.
package struct EncodedRecord: Sendable {
    /// The record's case name (`moved`, `seatTaken`…), for people reading the table.
    package let kind: String
    /// The whole record as JSON, which is what is read back.
    package let payload: String
}

/// A `StoredSummary` as the `match` table stores it.
package struct EncodedSummary: Sendable {
    package let phase: String
    /// The free seats the lobby offers (`StoredSummary.lobbySeats`): 0 for a private match.
    package let freeSeats: Int
    /// The whole summary as JSON, which is what is read back.
    package let json: String
}

extension WriteQueue {
    /// Encodes an append and queues it; returns once committed. Encoding happens here, on the caller's
    /// task, so that a value that cannot be encoded fails its own caller and not a batch.
    package func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        let operation = WriteOperation.append(
            matchId: id, at: date,
            records: try records.map(StorageCoding.encode),
            summary: try summary.map(StorageCoding.encode)
        )
        try await submit(operation)
    }
}
