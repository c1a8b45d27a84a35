import Logging
import MatchStore
import MatchWords
import PostgresStore
import SQLiteStore

/// Opens the store a `--db` option names. It lives in the server, the one module that sees every store
/// kind, so that no store module depends on another.
public enum MatchStores {
    /// An `InMemoryMatchStore` for `:memory:`, a `PostgresMatchStore` for a
    /// `postgres://USER[:PASSWORD]@HOST:PORT/DB` URL (migrated at open), else a `SQLiteMatchStore` at
    /// `path` (created when missing) with the given `synchronous`; group commit on either way. A URL
    /// may list several hosts, of which the store writes to the primary, looking for it again for up to
    /// `failoverTimeout` when it is lost.
    /// - Throws: `PostgresStoreError` for a URL that cannot be read or a server that cannot be reached
    ///   (naming its address, never the password), or what the SQLite store throws.
    public static func open(
        path: String, synchronous: SQLiteSynchronous = .full, failoverTimeout: Duration = .seconds(30),
        logger: Logger = Logger(label: "MatchStore")
    ) async throws -> any MatchStore {
        if path == ":memory:" { return InMemoryMatchStore() }
        if PostgresURL.isPostgres(path) {
            return try await PostgresMatchStore(url: PostgresURL(path), failoverTimeout: failoverTimeout, logger: logger)
        }
        do {
            return try SQLiteMatchStore(path: path, synchronous: synchronous, logger: logger)
        } catch {
            // Nothing can be written (a full disk, a read-only mount): the stored matches can still be
            // read. Any other reason the file cannot be opened read-only either stops the start as before.
            guard let readOnly = try? ReadOnlySQLiteMatchStore(path: path) else { throw error }
            logger.error(
                "cannot open the store for writing (\(error)); serving the stored matches read-only: nothing can be created or played until the server is restarted with room to write"
            )
            return readOnly
        }
    }

    /// What a log line may say of a `--db` value: a PostgreSQL URL without its password, else the
    /// value as given.
    public static func loggable(_ path: String) -> String {
        guard PostgresURL.isPostgres(path) else { return path }
        return (try? PostgresURL(path).description) ?? PostgresURL.redacted(path)
    }
}
