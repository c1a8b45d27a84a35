import GRDB
import Logging

/// The one writer loop of a `SQLiteMatchStore`: takes a batch from the queue, applies it in one
/// transaction, resumes its callers, and again, until the queue is closed and drained.
///
/// It also archives the record log (`RecordLogState`): when a commit fills a generation, a task loads
/// that generation's rows on a reader connection while appends go on, then each batch is followed by
/// one archive step, a transaction of its own (so a failing step fails no append), and the loop does
/// not wait for writes while a step is due.
final class GroupCommitWriter: Sendable {
    private let queue: WriteQueue
    private let database: DatabasePool
    private let log: RecordLogState
    private let policy: RecordArchivePolicy
    private let logger: Logger

    init(queue: WriteQueue, database: DatabasePool, policy: RecordArchivePolicy, logger: Logger) {
        self.queue = queue
        self.database = database
        self.log = RecordLogState(policy: policy)
        self.policy = policy
        self.logger = logger
    }

    /// Runs until the queue is closed and drained, and any window load has finished (so the store can
    /// close the file).
    func run() async {
        var loader: Task<Void, Never>?
        while true {
            let window = log.windowToMove()
            switch await queue.next(waiting: window == nil) {
            case .drained:
                await loader?.value
                return
            case .batch(let batch):
                if let generation = await commit(batch) {
                    await loader?.value
                    loader = Task { await load(generation) }
                }
            case .idle:
                break
            }
            if let window { await move(window) }
        }
    }

    /// Commits `batch`; returns a log generation to load for archiving when the commit made one due.
    private func commit(_ batch: [WriteQueue.Pending]) async -> Int? {
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
    private func load(_ generation: Int) async {
        let matchesPerChunk = policy.matchesPerTransaction
        let start = ContinuousClock.now
        do {
            let window = try await database.read { db in
                try RecordArchive.loadWindow(generation: generation, matchesPerChunk: matchesPerChunk, in: db)
            }
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

    private func move(_ window: ArchiveWindow) async {
        do {
            let moved = try await database.write { try RecordArchive.moveNextChunk(of: window, in: $0) }
            log.moved(window)
            queue.countArchiveStep(records: moved)
        } catch {
            archiveFailed(window.generation, error)
        }
    }

    /// The records stay in the log, where reads find them, and appends go on.
    private func archiveFailed(_ generation: Int, _ error: any Error) {
        logger.error("could not archive the record log, will try again later: \(error)")
        log.archiveFailed(generation: generation)
    }
}
