import Foundation
import MatchWords
import Synchronization

/// A `MatchStore` that keeps everything in memory and loses it when released: for tests and for
/// `--db :memory:`. Every call takes one lock, so appends to a match are stored in call order and an
/// `append` has been "stored" when it returns.
public final class InMemoryMatchStore: MatchStore {
    private struct StoredMatchState {
        let order: Int
        let createdAt: Date
        var updatedAt: Date
        var summary: StoredSummary
        var records: [StoredRecord]
    }

    private struct State {
        var matches: [MatchID: StoredMatchState] = [:]
        var created = 0
        var isClosed = false

        func openMatches() throws(MatchStoreError) -> [MatchID: StoredMatchState] {
            if isClosed { throw .closed }
            return matches
        }
    }

    private let state = Mutex(State())

    /// An empty store.
    public init() {}

    /// Stores a new match with its `created` record and an empty summary.
    public func createMatch(id: MatchID, at date: Date) async throws {
        try state.withLock { state throws(MatchStoreError) in
            if state.isClosed { throw .closed }
            if state.matches[id] != nil { throw .duplicateMatch(id) }
            state.created += 1
            state.matches[id] = StoredMatchState(
                order: state.created, createdAt: date, updatedAt: date, summary: .empty,
                records: [StoredRecord(sequence: 1, record: .created, at: date)]
            )
        }
    }

    /// Appends `records` to the log of match `id` and replaces its summary (when one is given).
    public func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        try state.withLock { state throws(MatchStoreError) in
            if state.isClosed { throw .closed }
            guard var match = state.matches[id] else { throw .unknownMatch(id) }
            let first = match.records.count + 1
            match.records += records.enumerated().map { offset, record in
                StoredRecord(sequence: first + offset, record: record, at: date)
            }
            if let summary {
                match.summary = summary
                match.updatedAt = date
            }
            state.matches[id] = match
        }
    }

    /// Deletes the matches whose summary last changed before `date`, except `keeping`, oldest first.
    public func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        try state.withLock { state throws(MatchStoreError) in
            let doomed = try state.openMatches()
                .filter { $0.value.updatedAt < date && !keeping.contains($0.key) }
                .sorted { $0.value.updatedAt < $1.value.updatedAt }
                .prefix(max(limit, 0))
                .map(\.key)
            for id in doomed { state.matches[id] = nil }
            return doomed
        }
    }

    /// Nothing to free: everything it holds is the data.
    public func releaseMemory() {}

    /// The whole log of match `id`, oldest first, or nil when no such match was stored.
    public func records(of id: MatchID) async throws -> [StoredRecord]? {
        try state.withLock { try $0.openMatches()[id]?.records }
    }

    /// The stored summary of match `id`, or nil when no such match was stored.
    public func summary(of id: MatchID) async throws -> StoredSummary? {
        try state.withLock { try $0.openMatches()[id]?.summary }
    }

    public func match(_ id: MatchID) async throws -> StoredMatch? {
        try state.withLock { state in
            try state.openMatches()[id].map { StoredMatch(id: id, createdAt: $0.createdAt, updatedAt: $0.updatedAt, summary: $0.summary) }
        }
    }

    /// Stored matches, newest first, at most `limit`; only those with a free seat when `listedWithFreeSeat`.
    public func listSummaries(listedWithFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        let matches = try state.withLock { try $0.openMatches() }
        return
            matches
            .filter { !listedWithFreeSeat || $0.value.summary.isInLobby }
            .sorted { $0.value.order > $1.value.order }
            .prefix(max(limit, 0))
            .map { StoredMatch(id: $0.key, createdAt: $0.value.createdAt, updatedAt: $0.value.updatedAt, summary: $0.value.summary) }
    }

    /// Forgets everything; later calls throw `MatchStoreError.closed`.
    public func close() async throws {
        state.withLock { state in
            state.isClosed = true
            state.matches = [:]
        }
    }
}
