import DurableStore
import Logging
import PostgresNIO

/// The one writer loop of a `PostgresMatchStore`: takes a batch from the queue (the SQLite store's
/// `WriteQueue`, so group commit batches the same way), applies it in one transaction on a pooled
/// connection, resumes its callers once PostgreSQL has committed, and again, until the queue is closed
/// and drained.
final class PostgresWriter: Sendable {
    private let queue: WriteQueue
    private let pool: BoundedPool
    private let known: KnownSequences
    private let held: HeldMatches
    private let server: String
    private let logger: Logger

    init(queue: WriteQueue, pool: BoundedPool, known: KnownSequences, held: HeldMatches, server: String, logger: Logger) {
        self.queue = queue
        self.pool = pool
        self.known = known
        self.held = held
        self.server = server
        self.logger = logger
    }

    func run() async {
        while true {
            switch await queue.next(waiting: true) {
            case .drained: return
            case .batch(let batch): await commit(batch)
            case .idle: break
            }
        }
    }

    /// Commits `batch`; its callers are resumed only after COMMIT returned (write before tell), or with
    /// the error when any statement or the commit failed, in which case none of the batch is written.
    private func commit(_ batch: [WriteQueue.Pending]) async {
        let operations = batch.map(\.operation)
        var attempt = 1
        while true {
            do {
                let outcome = try await transaction(operations)
                known.saw(outcome.lastSequences)
                queue.complete(batch, with: .success(outcome.refusals))
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.deadlockDetected && attempt < Self.attemptsOnDeadlock
            {
                // Two servers' batches locked shared matches in opposite orders; PostgreSQL rolled this
                // one back whole, so it can run again as it was.
                logger.notice("a write transaction met a deadlock with another writer; trying it again")
                attempt += 1
                continue
            } catch {
                logger.error(
                    "a write transaction of \(batch.count) operations failed; none of it was stored: \(PostgresErrorText.describe(error))")
                queue.complete(batch, with: .failure(error))
            }
            return
        }
    }

    /// SQLSTATE deadlock_detected.
    private static let deadlockDetected = "40P01"
    private static let attemptsOnDeadlock = 3

    private func transaction(_ operations: [WriteOperation]) async throws -> PostgresWrites.Outcome {
        let known = known
        let held = held
        let server = server
        let logger = logger
        return try await pool.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let outcome = try await PostgresWrites.apply(
                    operations, on: connection, known: known, held: held, server: server, logger: logger)
                try await connection.query("COMMIT", logger: logger)
                return outcome
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}
