import Foundation
import MatchStore
import MatchWords
import Synchronization

/// A store whose appends wait while it is held: the test decides when records become durable. Every
/// call goes on to `base` (once released, for an append); without one, appends keep nothing and no
/// match is found. While `failsWrites`, creating a match or appending throws, as on a full disk.
package final class HeldStore: MatchStore {
    package struct DiskFull: Error {}

    private let base: (any MatchStore)?
    private let failing = Mutex(false)
    private let held: Mutex<(isHeld: Bool, waiters: [CheckedContinuation<Void, Never>])>

    package init(base: (any MatchStore)? = nil, held isHeld: Bool = false) {
        self.base = base
        held = Mutex((isHeld, []))
    }

    package func hold() { held.withLock { $0.isHeld = true } }

    /// Whether writes throw `DiskFull` from now on.
    package func failsWrites(_ fails: Bool) { failing.withLock { $0 = fails } }

    private func checkWritable() throws {
        if failing.withLock({ $0 }) { throw DiskFull() }
    }

    package func release() {
        let waiters = held.withLock { state in
            state.isHeld = false
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    package func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        await withCheckedContinuation { continuation in
            let passes = held.withLock { state in
                if !state.isHeld { return true }
                state.waiters.append(continuation)
                return false
            }
            if passes { continuation.resume() }
        }
        try checkWritable()
        try await base?.append(records, summary: summary, to: id, at: date)
    }

    package func createMatch(id: MatchID, at date: Date) async throws {
        try checkWritable()
        try await base?.createMatch(id: id, at: date)
    }
    package func releaseMemory() { base?.releaseMemory() }
    package func records(of id: MatchID) async throws -> [StoredRecord]? { try await base?.records(of: id) }
    package func summary(of id: MatchID) async throws -> StoredSummary? { try await base?.summary(of: id) }
    package func match(_ id: MatchID) async throws -> StoredMatch? { try await base?.match(id) }
    package func listSummaries(listedWithFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        try await base?.listSummaries(listedWithFreeSeat: listedWithFreeSeat, limit: limit) ?? []
    }
    package func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        try await base?.deleteMatches(updatedBefore: date, keeping: keeping, limit: limit) ?? []
    }
    package func close() async throws { try await base?.close() }
}
