import Logging
import MatchStore
import SQLiteStore

/// Opens the store a `--db` option names. It lives in the server, the one module that sees every store
/// kind, so that no store module depends on another.
public enum MatchStores {
    /// An `InMemoryMatchStore` for `:memory:`, else a `SQLiteMatchStore` at `path` (created when
    /// missing) with the given `synchronous`, group commit on and the standard archive policy.
    public static func open(
        path: String, synchronous: SQLiteSynchronous = .full, logger: Logger = Logger(label: "MatchStore")
    ) throws -> any MatchStore {
        if path == ":memory:" { return InMemoryMatchStore() }
        return try SQLiteMatchStore(path: path, synchronous: synchronous, logger: logger)
    }
}
