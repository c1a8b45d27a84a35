import Foundation
import GRDB
import Logging

/// Copies the WAL's committed pages into the database file on a connection of its own, every
/// `interval`, so that appends do not wait for it.
///
/// SQLite checkpoints on the connection that commits: after the commit that takes the WAL past
/// `wal_autocheckpoint` pages (1,000), that commit's caller, and every append queued behind it, waits
/// while the WAL is copied and the database file synced (docs/PERFORMANCE.md, item 12). A `PASSIVE`
/// checkpoint on another connection runs beside the writer instead: it copies what was committed
/// when it started and takes no lock a writer or reader waits on. The writer's own automatic
/// checkpoint stays as it was: it finds most pages already copied, and it is what lets the WAL start
/// again from its beginning (a passive checkpoint beside a busy writer rarely catches up with it).
final class WALCheckpointer: Sendable {
    private let connection: DatabaseQueue
    private let loop: Task<Void, Never>

    init(path: String, interval: Duration, logger: Logger) throws {
        var configuration = Configuration()
        configuration.label = "MatchStore.checkpointer"
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        self.connection = connection
        loop = Task {
            var failing = false
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                do {
                    try await connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
                    if failing { logger.info("checkpoints work again") }
                    failing = false
                } catch is CancellationError {
                    return
                } catch {
                    // The writer's automatic checkpoints still keep the WAL bounded meanwhile.
                    if !failing { logger.warning("background checkpoint failed, will retry: \(error)") }
                    failing = true
                }
            }
        }
    }

    deinit {
        loop.cancel()
    }

    /// Stops the loop and closes the connection (before the store closes its pool).
    func close() async throws {
        loop.cancel()
        await loop.value
        try connection.close()
    }
}
