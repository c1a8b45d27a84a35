import MatchStore
import MatchWords
import Synchronization

/// The writes waiting for a durable store's writer loop (SQLite's `GroupCommitWriter`, PostgreSQL's
/// `PostgresWriter`), in arrival order, and the loop's wake-up call.
///
/// Callers suspend in `submit` until the writer has committed (or refused) their write; the writer
/// takes everything that arrived while it was busy as its next batch (`nextBatch`), commits it in one
/// transaction and resumes every caller of the batch (`complete`). A batch is a prefix of the queue
/// and batches commit one after the other, so writes to one match commit in the order they arrived.
package final class WriteQueue: Sendable {
    package struct Pending: Sendable {
        package let operation: WriteOperation
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// What the writer gets from `next(waiting:)`.
    package enum Taken {
        /// Writes to commit in one transaction.
        case batch([Pending])
        /// Nothing queued: the writer did not wait, or `wakeWriter()` ended its wait.
        case idle
        /// Closed, and every write committed.
        case drained
    }

    private struct State {
        var pending: [Pending] = []
        var isClosed = false
        var writerWakeUp: CheckedContinuation<Void, Never>?
        /// `wakeWriter()` was called: the writer's wait ends without a write.
        var wokenWithoutWork = false
        var statistics = WriteStatistics()

        mutating func take(atMost limit: Int) -> Taken {
            // A wake-up answers the wait it ended, whatever this take finds: left set, it would end
            // the writer's next wait at once for nothing.
            wokenWithoutWork = false
            if pending.isEmpty { return isClosed ? .drained : .idle }
            guard pending.count > limit else {
                defer { pending = [] }
                return .batch(pending)
            }
            defer { pending.removeFirst(limit) }
            return .batch(Array(pending.prefix(limit)))
        }
    }

    private let state = Mutex(State())
    private let maxBatchSize: Int

    /// A queue whose batches hold at most `maxBatchSize` writes (1: no group commit).
    package init(maxBatchSize: Int) {
        precondition(maxBatchSize > 0, "a batch holds at least one write")
        self.maxBatchSize = maxBatchSize
    }

    /// What has been committed so far.
    package var statistics: WriteStatistics { state.withLock { $0.statistics } }

    /// Whether `close()` was called.
    package var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Queues `operation` and returns once it is committed; throws what refused it or what failed its
    /// batch, or `MatchStoreError.closed` after `close()`. The operation joins the queue before this
    /// function first suspends, so calls made one after the other are queued in that order.
    package func submit(_ operation: WriteOperation) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<CheckedContinuation<Void, Never>?, MatchStoreError> = state.withLock { state in
                if state.isClosed { return .failure(.closed) }
                state.pending.append(Pending(operation: operation, continuation: continuation))
                defer { state.writerWakeUp = nil }
                return .success(state.writerWakeUp)
            }
            switch outcome {
            case .success(let writerWakeUp): writerWakeUp?.resume()
            case .failure(let error): continuation.resume(throwing: error)
            }
        }
    }

    /// The writer's next batch; when nothing is queued, waits for a write if `waiting` (or for
    /// `wakeWriter()`), else returns `.idle` at once.
    package func next(waiting: Bool) async -> Taken {
        if waiting { await waitForWork() }
        return state.withLock { $0.take(atMost: maxBatchSize) }
    }

    /// Ends the writer's wait for work without a write: it has something else to do (archiving).
    package func wakeWriter() {
        let writerWakeUp = state.withLock { state in
            state.wokenWithoutWork = true
            defer { state.writerWakeUp = nil }
            return state.writerWakeUp
        }
        writerWakeUp?.resume()
    }

    /// Counts one committed archive step that moved `records` rows into the `record` table.
    package func countArchiveStep(records: Int) {
        state.withLock { state in
            state.statistics.archiveTransactions += 1
            state.statistics.archivedRecords += records
        }
    }

    /// Resumes the callers of `batch`: each with its own refusal, or all with the error that failed
    /// the transaction.
    package func complete(_ batch: [Pending], with outcome: Result<[MatchStoreError?], any Error>) {
        let refusals: [MatchStoreError?]
        switch outcome {
        case .success(let result):
            refusals = result
        case .failure(let error):
            for pending in batch { pending.continuation.resume(throwing: error) }
            return
        }
        let committed = zip(batch, refusals).filter { $0.1 == nil }.map(\.0.operation)
        state.withLock { state in
            state.statistics.committedTransactions += 1
            state.statistics.committedOperations += committed.count
            state.statistics.committedRecords += committed.reduce(0) { $0 + $1.recordCount }
        }
        for (pending, refusal) in zip(batch, refusals) {
            if let refusal {
                pending.continuation.resume(throwing: refusal)
            } else {
                pending.continuation.resume()
            }
        }
    }

    /// Refuses new writes from now on and wakes the writer, which drains the queue and stops.
    /// Returns false when the queue was already closed.
    @discardableResult
    package func close() -> Bool {
        let (wasOpen, writerWakeUp) = state.withLock { state in
            defer {
                state.isClosed = true
                state.writerWakeUp = nil
            }
            return (!state.isClosed, state.writerWakeUp)
        }
        writerWakeUp?.resume()
        return wasOpen
    }

    private func waitForWork() async {
        await withCheckedContinuation { (wakeUp: CheckedContinuation<Void, Never>) in
            let hasWork = state.withLock { state in
                if !state.pending.isEmpty || state.isClosed || state.wokenWithoutWork { return true }
                state.writerWakeUp = wakeUp
                return false
            }
            if hasWork { wakeUp.resume() }
        }
    }
}
