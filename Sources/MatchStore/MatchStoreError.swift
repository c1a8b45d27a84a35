import MatchWords

/// What a `MatchStore` refuses.
public enum MatchStoreError: Error, Sendable, Equatable {
    /// `createMatch` with an id that is already stored.
    case duplicateMatch(MatchID)
    /// `append` to a match that was never created.
    case unknownMatch(MatchID)
    /// The store was closed.
    case closed
    /// `append` to a match whose log another writer (another server's store on the same database) has
    /// extended since this store last read or wrote it: nothing is written, so the log cannot fork. The
    /// store refuses further appends to the match until its log is read again (`records(of:)`), which
    /// is what loading the match does. Only stores shared by several processes throw it (PostgreSQL).
    case appendedElsewhere(MatchID)
    /// The storage cannot be reached now (a database server that does not answer): nothing was
    /// written; the same call may succeed later. Only stores on another process throw it (PostgreSQL).
    case unavailable
    /// The store was opened for reading only (the server could not open it for writing at start, a
    /// full disk): nothing can be created or appended until it is opened again.
    case readOnly
}
