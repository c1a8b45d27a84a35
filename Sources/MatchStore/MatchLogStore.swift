import Foundation
import MatchWords

/// The log of every match and its summary: what a match is, durably.
public protocol MatchLogStore: Sendable {
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

    /// Stored matches, newest first (by creation), at most `limit` of them. With `listedWithFreeSeat`
    /// true, only those the lobby may list: listed by their creator, with fewer than two players
    /// (`StoredSummary.isInLobby`); else all of them.
    func listSummaries(listedWithFreeSeat: Bool, limit: Int) async throws -> [StoredMatch]

    /// Deletes, with their logs, the stored matches whose summary last changed before `date`
    /// (`StoredMatch.updatedAt`: a seat taken or freed, a game started or ended, which follows every
    /// move once the players have left), except those in `keeping`: at most `limit` of them, least
    /// recently changed first. Returns the ids it deleted. The retention policy (`--retain-days`) calls
    /// it with the matches in memory kept; the caller makes sure none of them is appended to meanwhile.
    func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID]

    /// Whether the store can write: false for a store opened read-only (a full disk at start), whose
    /// matches can be read but not played.
    var isWritable: Bool { get }

    /// Whether the store has lost its database and is looking for it (PostgreSQL: the primary lost, a
    /// promoted standby being looked for): writes wait or fail meanwhile, and `/healthz` says so.
    var isReconnecting: Bool { get }

    /// Calls `action` each time the store finds its database again after losing it, so that the server
    /// can stop saying it is degraded before the next write succeeds.
    func onReconnected(_ action: @escaping @Sendable () -> Void)

    /// Lets go of caches that can be rebuilt (SQLite's page caches, idle reader connections), without
    /// waiting for it and without stopping reads or writes. For after a wave of matches ended.
    func releaseMemory()

    /// Finishes pending writes and releases the storage. Later calls throw `MatchStoreError.closed`;
    /// calling `close()` again does nothing.
    func close() async throws
}

extension MatchLogStore {
    public var isWritable: Bool { true }

    public var isReconnecting: Bool { false }

    public func onReconnected(_ action: @escaping @Sendable () -> Void) {}
}
