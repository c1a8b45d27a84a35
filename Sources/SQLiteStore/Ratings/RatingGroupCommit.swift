import GRDB
import RatingStore
import Synchronization

/// Group commit for ratings: the `apply` calls waiting at once share one write transaction, and so
/// one disk sync. Each rated ending used to be a transaction of its own on the writer connection that
/// the moves' group commits use, and at a few thousand moves a second the endings queued behind one
/// another and the moves behind them (docs/PERFORMANCE.md, measurement 16).
///
/// Callers enqueue their game and suspend. One drain at a time takes everything queued (at most
/// `maxBatchSize` games), applies the games in the order they came, each in its own savepoint
/// (`SQLiteRatingApply`), commits, and resumes each caller with its own record or refusal; then the
/// next batch, until the queue is empty. The games of a batch run one after the other in one
/// transaction, so each starts from the rows the one before it wrote: no lost update, and a second
/// apply of a game finds the first one's record. If the transaction itself fails, every caller of
/// the batch gets the error and none of its games is stored.
final class RatingGroupCommit: Sendable {
    private struct Pending {
        let game: RatedGame
        let continuation: CheckedContinuation<RatedGameRecord, any Error>
    }

    private struct State {
        var pending: [Pending] = []
        /// Whether a drain task is running: the caller that finds none starts one.
        var draining = false
        /// Games taken into batches so far: lets tests know when a batch has been taken.
        var taken = 0
    }

    /// The most games one transaction carries, as the match writer's batches: bounds how long the
    /// writer connection is held from the moves.
    static let maxBatchSize = 256

    private let database: DatabasePool
    private let state = Mutex(State())

    init(database: DatabasePool) {
        self.database = database
    }

    /// Applies `game` in the next batch; returns its stored record, or throws its refusal or the
    /// batch's failure.
    func apply(_ game: RatedGame) async throws -> RatedGameRecord {
        try await withCheckedThrowingContinuation { continuation in
            let startsDrain = state.withLock { state in
                state.pending.append(Pending(game: game, continuation: continuation))
                if state.draining { return false }
                state.draining = true
                return true
            }
            // A task of its own rather than this caller: the caller's ending is answered with its
            // batch, not held until every later batch is written.
            if startsDrain { Task { await self.drain() } }
        }
    }

    /// How many games wait for the next batch, and how many were taken into batches so far: lets
    /// tests know what a batch holds.
    var queueForTesting: (queued: Int, taken: Int) { state.withLock { ($0.pending.count, $0.taken) } }

    private func drain() async {
        while true {
            let batch = state.withLock { state in
                let batch = Array(state.pending.prefix(Self.maxBatchSize))
                state.pending.removeFirst(batch.count)
                state.taken += batch.count
                if batch.isEmpty { state.draining = false }
                return batch
            }
            if batch.isEmpty { return }
            await commit(batch)
        }
    }

    private func commit(_ batch: [Pending]) async {
        let games = batch.map(\.game)
        do {
            let outcomes = try await database.write { db in
                try games.map { try SQLiteRatingApply.outcome(of: $0, in: db) }
            }
            for (pending, outcome) in zip(batch, outcomes) { pending.continuation.resume(with: outcome) }
        } catch {
            for pending in batch { pending.continuation.resume(throwing: error) }
        }
    }
}
