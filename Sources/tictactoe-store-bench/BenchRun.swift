import DurableStore
import Foundation
import MatchStore
import MatchTree
import MatchWords
import PostgresStore
import SQLiteStore
import Synchronization

/// Runs one configuration: opens a store, creates the matches, lets every match append moves until the
/// limit, and measures.
enum BenchRun {
    static func measure(_ setup: BenchSetup) async throws -> BenchResult {
        let store: any MatchStore
        let statistics: @Sendable () -> WriteStatistics
        switch setup.store {
        case .sqlite(let path, let synchronous):
            let sqlite = try SQLiteMatchStore(
                path: path, synchronous: synchronous, groupCommit: setup.groupCommit, maxBatchSize: setup.maxBatchSize)
            (store, statistics) = (sqlite, { sqlite.statistics })
        case .postgres(let url, let schema):
            let postgres = try await PostgresMatchStore(
                url: url, schema: schema, groupCommit: setup.groupCommit, maxBatchSize: setup.maxBatchSize)
            (store, statistics) = (postgres, { postgres.statistics })
        }
        do {
            let result = try await measure(setup, on: store, statistics: statistics)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    private static func measure(
        _ setup: BenchSetup, on store: any MatchStore, statistics: @Sendable () -> WriteStatistics
    ) async throws -> BenchResult {
        let run = UUID().uuidString.prefix(8)
        let ids = (0..<setup.matches).map { MatchID(rawValue: "bench-\(run)-\($0)") }
        for id in ids {
            try await store.createMatch(id: id, at: Date())
        }
        let gate = MoveGate(limit: setup.limit)
        let before = statistics()
        let start = ContinuousClock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for id in ids {
                group.addTask { try await SimulatedMatch(id: id, store: store).play(until: gate) }
            }
            return try await group.reduce(into: [Double]()) { $0 += $1 }
        }
        let elapsed = ContinuousClock.now - start
        return BenchResult(latencies: latencies.sorted(), elapsed: elapsed, statistics: statistics().since(before))
    }
}

/// Says whether a match may append one more move: until a deadline, or until a number of moves.
final class MoveGate: Sendable {
    private let deadline: ContinuousClock.Instant?
    private let limit: Int?
    private let claimed = Atomic<Int>(0)

    init(limit: BenchLimit) {
        switch limit {
        case .duration(let duration):
            deadline = .now + duration
            self.limit = nil
        case .moves(let moves):
            deadline = nil
            self.limit = moves
        }
    }

    /// Claims one move; false once the limit is reached.
    func claim() -> Bool {
        if let deadline { return ContinuousClock.now < deadline }
        guard let limit else { return false }
        return claimed.wrappingAdd(1, ordering: .relaxed).newValue <= limit
    }
}
