/// Opens the store a `--db` option names.
public enum MatchStores {
    /// An `InMemoryMatchStore` for `:memory:`, else a `SQLiteMatchStore` at `path` (created when
    /// missing) with the given `synchronous` and group commit on.
    public static func open(path: String, synchronous: SQLiteSynchronous = .full) throws -> any MatchStore {
        if path == ":memory:" { return InMemoryMatchStore() }
        return try SQLiteMatchStore(path: path, synchronous: synchronous)
    }
}
