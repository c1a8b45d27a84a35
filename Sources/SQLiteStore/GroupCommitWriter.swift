import DurableStore
import GRDB
import Logging

/// The one writer loop of a `SQLiteMatchStore`: takes a batch from the queue, applies it in one
/// transaction, resumes its callers, and again, until the queue is closed and drained.
///
/// It also archives the record log (`RecordLogState`): when a commit fills a generation, a task loads
/// that generation's row ids on a reader connection while appends go on; then the loop runs archive
/// steps, each a transaction of its own (so a failing step fails no append), between batches and
/// spread over half the time the generation took to fill (`ArchiveWindow.stepInterval`, at most
/// `longestStepInterval` apart). A ticker wakes the loop while a window waits, so an idle store still
/// finishes it.
final class GroupCommitWriter: Sendable {
    /// The longest wait between two archive steps, and the ticker's period. One timer for the store's
    /// life rather than one per step: fewer timers, and a wake that comes a little early (dispatch's
    /// clock against `ContinuousClock`) is caught by the next tick instead of leaving the window
    /// waiting for the next append.
    static let longestStepInterval = Duration.milliseconds(50)

    private let queue: WriteQueue
    private let database: DatabasePool
    private let log: RecordLogState
    private let policy: RecordArchivePolicy
    private let logger: Logger

    init(queue: WriteQueue, database: DatabasePool, log: RecordLogState, policy: RecordArchivePolicy, logger: Logger) {
        self.queue = queue
        self.database = database
        self.log = log
        self.policy = policy
        self.logger = logger
    }

    /// Runs until the queue is closed and drained, and any window load has finished (so the store can
    /// close the file).
    func run() async {
        var loader: Task<Void, Never>?
        var nextStep = ContinuousClock.now
        let ticker = Task { [queue, log] in
            while !queue.isClosed {
                try? await Task.sleep(for: Self.longestStepInterval)
                if log.windowToMove() != nil { queue.wakeWriter() }
            }
        }
        defer { ticker.cancel() }
        while true {
            let window = log.windowToMove()
            let stepIsDue = window != nil && ContinuousClock.now >= nextStep
            switch await queue.next(waiting: !stepIsDue) {
            case .drained:
                await loader?.value
                return
            case .batch(let batch):
                if let due = await commit(batch) {
                    await loader?.value
                    loader = Task { await load(due) }
                }
            case .idle:
                break
            }
            if stepIsDue, let window {
                if let due = await move(window) {
                    await loader?.value
                    loader = Task { await load(due) }
                }
                nextStep = ContinuousClock.now + window.stepInterval
            }
        }
    }

    /// Commits `batch`; returns a log generation to load for archiving when the commit made one due.
    private func commit(_ batch: [WriteQueue.Pending]) async -> ArchiveDue? {
        let operations = batch.map(\.operation)
        let log = log
        do {
            let (refusals, changes) = try await database.write { db in
                var changes = RecordLogChanges(generation: log.generation)
                let refusals = try operations.map { try SQLiteWrites.apply($0, in: db, log: log, changes: &changes) }
                return (refusals, changes)
            }
            let due = log.commit(changes)
            queue.complete(batch, with: .success(refusals))
            return due
        } catch {
            queue.complete(batch, with: .failure(error))
            return nil
        }
    }

    /// Reads `generation`'s rows on a reader connection, then wakes the loop to move them.
    private func load(_ due: ArchiveDue) async {
        let matchesPerChunk = policy.matchesPerTransaction
        let generation = due.generation
        let start = ContinuousClock.now
        do {
            var window = try await database.read { db in
                try RecordArchive.loadWindow(generation: generation, matchesPerChunk: matchesPerChunk, in: db)
            }
            window.stepInterval = min(due.filledIn / (2 * max(window.chunkCount, 1)), Self.longestStepInterval)
            logger.debug(
                "archiving the record log's generation \(generation)",
                metadata: [
                    "records": "\(window.rowIds.count)",
                    "transactions": "\(window.chunkCount)",
                    "loadedIn": "\(ContinuousClock.now - start)",
                ]
            )
            log.loaded(window)
        } catch {
            archiveFailed(generation, error)
        }
        queue.wakeWriter()
    }

    /// Moves `window`'s next chunk; returns the generation to load next when it was the last chunk and
    /// the current generation filled up meanwhile.
    private func move(_ window: ArchiveWindow) async -> ArchiveDue? {
        do {
            let moved = try await database.write { try RecordArchive.moveNextChunk(of: window, in: $0) }
            let due = log.moved(window)
            queue.countArchiveStep(records: moved)
            return due
        } catch {
            archiveFailed(window.generation, error)
            return nil
        }
    }

    /// The records stay in the log, where reads find them, and appends go on.
    private func archiveFailed(_ generation: Int, _ error: any Error) {
        logger.error("could not archive the record log, will try again later: \(error)")
        log.archiveFailed(generation: generation)
    }
}
