import Foundation
import MatchStore

/// A write waiting for the writer loop, already encoded to the columns it is stored in, so that the
/// loop's transaction spends its time on SQL only and a value that cannot be encoded fails its own
/// caller before it joins a batch.
enum WriteOperation: Sendable {
    case create(matchId: MatchID, at: Date)
    /// `summary` nil: the stored summary stays.
    case append(matchId: MatchID, at: Date, records: [EncodedRecord], summary: EncodedSummary?)

    /// The log records this operation adds once committed.
    var recordCount: Int {
        switch self {
        case .create: 1
        case .append(_, _, let records, _): records.count
        }
    }
}

/// A `MatchRecord` as the `record` table stores it.
struct EncodedRecord: Sendable {
    /// The record's case name (`moved`, `seatTaken`…), for people reading the table.
    let kind: String
    /// The whole record as JSON, which is what is read back.
    let payload: String
}

/// A `StoredSummary` as the `match` table stores it.
struct EncodedSummary: Sendable {
    let phase: String
    let freeSeats: Int
    /// The whole summary as JSON, which is what is read back.
    let json: String
}
