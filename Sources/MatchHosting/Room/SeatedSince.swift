import Foundation
import MatchStore
import MatchWords

/// When each taken seat was taken, from the log: what the lobby's "waiting for 3 min" is counted from
/// (the summaries' `waitingSince`, issue 40, item 3). A value the room keeps beside the tree, which
/// knows who sits but not since when.
struct SeatedSince {
    private var dates: [Seat: Date] = [:]

    init(records: [StoredRecord] = []) {
        for stored in records { note(stored.record, at: stored.at) }
    }

    /// `record`, stored at `date`: a seat taken starts its time, a seat given up ends it.
    mutating func note(_ record: MatchRecord, at date: Date) {
        switch record {
        case .seatTaken(let seat, _, _, _), .computerSeated(let seat, _): dates[seat] = date
        case .left(let seat, _), .seatTimedOut(let seat, _): dates[seat] = nil
        default: break
        }
    }

    /// When the one person seated sat down, while the other seat is free; nil otherwise (nobody waits
    /// for an opponent in a full or an empty match, nor the computer).
    func waitingSince(_ players: [SeatedPlayer]) -> Date? {
        guard players.count == 1, let waiting = players.first, waiting.computer == nil else { return nil }
        return dates[waiting.seat]
    }
}
