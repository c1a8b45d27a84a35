import Foundation
import MatchStore
import MatchWords

/// A store of a test that keeps its log in an `InMemoryMatchStore` and changes only what the test needs
/// (a call held, or written down): every call of the log it does not implement itself goes to `base`.
package protocol ForwardingLogStore: MatchStore {
    var base: InMemoryMatchStore { get }
}

extension ForwardingLogStore {
    package func createMatch(id: MatchID, at date: Date) async throws { try await base.createMatch(id: id, at: date) }
    package func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        try await base.append(records, summary: summary, to: id, at: date)
    }
    package func releaseMemory() { base.releaseMemory() }
    package func records(of id: MatchID) async throws -> [StoredRecord]? { try await base.records(of: id) }
    package func summary(of id: MatchID) async throws -> StoredSummary? { try await base.summary(of: id) }
    package func match(_ id: MatchID) async throws -> StoredMatch? { try await base.match(id) }
    package func listSummaries(listedWithFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        try await base.listSummaries(listedWithFreeSeat: listedWithFreeSeat, limit: limit)
    }
    package func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        try await base.deleteMatches(updatedBefore: date, keeping: keeping, limit: limit)
    }
    package func close() async throws { try await base.close() }
}
