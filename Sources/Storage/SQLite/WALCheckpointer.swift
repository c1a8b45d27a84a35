import GRDB

/// Copies the WAL back into the database file on a connection of its own, so the writer never does.
///
/// By default SQLite checkpoints on the connection whose commit pushes the WAL past 1,000 pages: that
/// commit's caller then also copies every page and syncs the database file, and every append queued
/// behind it waits, which made the slowest moves several times slower than the rest
/// (docs/PERFORMANCE.md). The store turns the writer's automatic checkpoints off and this loop runs
/// PASSIVE checkpoints beside the writes instead: they never take the write lock, so commits go on
/// while pages are copied; once everything is copied, the writer starts the WAL over.
struct WALCheckpointer: Sendable {
    /// Its own connection: a checkpoint on the writer's or a reader's queue would wait behind them.
    let connection: DatabaseQueue
    /// How often to look while the WAL grows, and while nothing is written.
    var busyInterval: Duration = .milliseconds(200)
    var idleInterval: Duration = .seconds(2)

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "MatchStore.checkpointer"
        configuration.busyMode = .timeout(5)
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Checkpoints until cancelled.
    func run() async {
        while !Task.isCancelled {
            let copied = (try? await connection.writeWithoutTransaction { try $0.checkpoint(.passive).checkpointedFrameCount }) ?? 0
            do { try await Task.sleep(for: copied > 0 ? busyInterval : idleInterval) } catch { return }
        }
    }

    func close() throws {
        try connection.close()
    }
}
