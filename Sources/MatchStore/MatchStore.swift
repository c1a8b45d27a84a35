import Foundation
import MatchWords

/// Where matches live between requests and across restarts.
///
/// Contract for every implementation:
/// - `append` returns only once the records and the summary are durable (for SQLite: committed).
/// - Appends to one match are applied in the order they were called: when a later append has
///   returned, every earlier append to the same match has been stored too.
/// - An implementation may batch the appends of many matches into one transaction (group commit).
/// - A match's log is numbered 1, 2, 3… without gaps; its `created` record is number 1.
/// - Dates are kept to the millisecond at least.
/// - A call that has started is carried out even if its task is cancelled: a write is never half done.
///
/// Implementations: `InMemoryMatchStore` here (tests, `--db :memory:`), `SQLiteMatchStore` in the
/// SQLiteStore module (one file, WAL, group commit) and `PostgresMatchStore` in the PostgresStore module
/// (several servers on one database, docs/SCALING.md); the server's `MatchStores.open(path:)` picks one
/// from a `--db` value. Every implementation's tests run the checks of the MatchStoreContract module.
public protocol MatchStore: Sendable {
    /// Stores a new match with its `created` record and an empty summary.
    /// Throws `MatchStoreError.duplicateMatch` when the id is taken.
    func createMatch(id: MatchID, at date: Date) async throws

    /// Appends `records` to the log of match `id` and replaces its summary, durably. A nil summary keeps
    /// the stored one: most moves change nothing a summary shows, and leaving it out spares encoding it
    /// and rewriting the match row on every move (docs/PERFORMANCE.md, item 8).
    /// Throws `MatchStoreError.unknownMatch` when no such match was stored; nothing is written then.
    func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws

    /// The whole log of match `id`, oldest first, or nil when no such match was stored.
    func records(of id: MatchID) async throws -> [StoredRecord]?

    /// The stored summary of match `id`, or nil when no such match was stored.
    func summary(of id: MatchID) async throws -> StoredSummary?

    /// Match `id` as `listSummaries` lists it (its summary and its dates), or nil when no such match
    /// was stored.
    func match(_ id: MatchID) async throws -> StoredMatch?

    /// Stored matches, newest first (by creation), at most `limit` of them. With `withFreeSeat` true,
    /// only those whose summary has fewer than two players (the lobby's list); else all of them.
    func listSummaries(withFreeSeat: Bool, limit: Int) async throws -> [StoredMatch]

    /// Deletes, with their logs, the stored matches whose summary last changed before `date`
    /// (`StoredMatch.updatedAt`: a seat taken or freed, a game started or ended, which follows every
    /// move once the players have left), except those in `keeping`: at most `limit` of them, least
    /// recently changed first. Returns the ids it deleted. The retention policy (`--retain-days`) calls
    /// it with the matches in memory kept; the caller makes sure none of them is appended to meanwhile.
    func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID]

    // MARK: Hosting across servers
    //
    // Several servers on one shared store (PostgreSQL) each host some matches; these say which. A store
    // of one process has nothing to share: `MatchStore+SingleServer.swift` gives it the defaults (load
    // is a read, nothing is ever lost, nothing is published).

    /// The log of match `id`, read to host it: a shared store first makes this server the match's one
    /// host (its owner, in a new epoch), so that the previous host's appends are refused from then on and
    /// the log read holds every append it made. Nil when no such match was stored.
    func load(_ id: MatchID) async throws -> [StoredRecord]?

    /// The matches this server loaded or created that another server has loaded since: each is yielded
    /// once, and its appends are refused (`appendedElsewhere`) until it is loaded again. The server
    /// closes such a match's connections so that its clients reconnect to the new host. Read it from
    /// one task only.
    var lostMatches: AsyncStream<MatchID> { get }

    /// This server stopped hosting match `id` (expired from memory, lost, shut down) after its last
    /// append returned: the store forgets what it kept about the match and stops publishing its
    /// presence. Returns at once; a shared store tells the database in the background.
    func release(_ id: MatchID)

    /// Who is connected to match `id` on this server, for the other servers' lobbies. Returns at once;
    /// a shared store writes the latest of each match in the background, all matches' changes
    /// together at most once a second.
    func publish(_ presence: LivePresence, of id: MatchID)

    /// The presence the hosts of `ids` published, for those hosted by a server that is still running
    /// (absent: nobody hosts it, or its host stopped without saying so).
    func presence(of ids: [MatchID]) async throws -> [MatchID: LivePresence]

    /// The "Play someone now" queue that goes with this store, keeping visitors for `times`: one for the
    /// process where the store is the process's own (memory, SQLite), one shared by every server on the
    /// database where it is shared (PostgreSQL). Called once, at start.
    func makePairingQueue(times: PairingQueueTimes) -> any PairingQueue

    /// Lets go of caches that can be rebuilt (SQLite's page caches, idle reader connections), without
    /// waiting for it and without stopping reads or writes. For after a wave of matches ended.
    func releaseMemory()

    /// Finishes pending writes and releases the storage. Later calls throw `MatchStoreError.closed`;
    /// calling `close()` again does nothing.
    func close() async throws
}

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
