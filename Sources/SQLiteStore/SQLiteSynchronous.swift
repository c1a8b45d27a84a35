/// How hard SQLite works to make a commit durable: `PRAGMA synchronous` of the writer connection.
///
/// In WAL mode:
/// - `full` syncs the WAL file at every commit: a committed transaction survives a power loss or an
///   OS crash. This is the default of `SQLiteMatchStore`; with group commit one sync serves every
///   append of a batch, so it stays affordable (see docs/STORE-BENCHMARK.md).
/// - `normal` syncs only at checkpoints: a commit survives the process being killed (the OS still
///   has the pages) but the last transactions may be lost on a power loss. The database is never
///   corrupted either way.
public enum SQLiteSynchronous: String, Sendable, Hashable, CaseIterable {
    /// `PRAGMA synchronous = FULL`: durable against power loss.
    case full = "FULL"
    /// `PRAGMA synchronous = NORMAL`: durable against a process kill.
    case normal = "NORMAL"
}
