import Accounts
import DurableStore
import Foundation
import GRDB
import Logging
import MatchStore
import MatchWords
import RatingStore

/// A `MatchStore` in one SQLite file, through GRDB: WAL mode, one writer loop with group commit, and
/// reads that run beside the writes on a pool of reader connections.
///
/// Every `createMatch` and `append` joins a queue and suspends. One writer loop takes everything
/// queued (at most `maxBatchSize` writes) and commits it in one transaction, then resumes those callers:
/// appends from many matches that arrive while a transaction is being written share the next one, so
/// one disk sync serves them all. If the transaction fails, every caller of the batch gets the error and
/// none of the batch is written. Without group commit, each write gets its own transaction.
///
/// Appends go to a log table in the order they are written; the writer moves them into the table kept
/// in match order in the background (`RecordArchive`), and reads see the union of both.
///
/// The file is readable with the sqlite3 CLI; see `SQLiteSchema` for its tables.
public final class SQLiteMatchStore: MatchStore {
    /// The file's path, as given.
    public let path: String
    /// The `PRAGMA synchronous` of the writer connection.
    public let synchronous: SQLiteSynchronous
    /// Whether writes that queue up while a transaction runs share the next transaction.
    public let groupCommit: Bool

    private let database: DatabasePool
    private let queue: WriteQueue
    private let log: RecordLogState
    private let writer: Task<Void, Never>
    /// The one rating store of the file: its applies share batches (`RatingGroupCommit`).
    private let ratings: SQLiteRatingStore

    /// Opens (creating it, and its parent directories, when missing) the store at `path` and migrates
    /// its schema.
    ///
    /// - Parameters:
    ///   - path: the SQLite file. `:memory:` throws, as WAL needs a file: use `InMemoryMatchStore`.
    ///   - synchronous: `.full` (the default) survives a power loss; `.normal` survives a process kill
    ///     and syncs less often. See `SQLiteSynchronous` and docs/STORE-BENCHMARK.md.
    ///   - groupCommit: true (the default) to batch writes that queue up into one transaction.
    ///   - maxBatchSize: the most writes one transaction carries with group commit.
    ///   - archive: when and in what steps records move from the log table into the match-ordered one.
    ///   - logger: where the store says what it did at open and what went wrong in the background.
    /// - Throws: when the file cannot be created, opened in WAL mode or migrated, or
    ///   `StoredFormat.TooNew` when a newer release wrote it.
    public init(
        path: String, synchronous: SQLiteSynchronous = .full, groupCommit: Bool = true, maxBatchSize: Int = 256,
        archive: RecordArchivePolicy = .standard, logger: Logger = Logger(label: "MatchStore")
    ) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.label = "MatchStore"
        // Waits, rather than failing at once, while another process (the sqlite3 CLI) holds a lock.
        configuration.busyMode = .timeout(5)
        let database = try DatabasePool(path: path, configuration: configuration)
        // Not in `prepareDatabase`: DatabasePool sets `synchronous = NORMAL` on its writer after that
        // runs, when it turns WAL on. Only the writer commits, so only the writer's setting matters.
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous.rawValue)")
            // An archive step rewrites a page of the record table per match it moves, and the log
            // tables' pages are read back when they are copied: a 16 MB cache keeps them in memory, so
            // the writer does not read them from the file (docs/PERFORMANCE.md, item 9). The WAL is
            // checkpointed at SQLite's default size: a longer WAL stalls the writer longer at each
            // checkpoint, and the slowest moves feel it (item 10).
            try db.execute(sql: "PRAGMA cache_size = -16384")
        }
        try database.read(StoredFormat.check)
        try SQLiteSchema.migrator.migrate(database)
        // Only when it changes: opening a file that needs nothing must not need to write (a full disk).
        if try database.read(StoredFormat.needsStamp) { try database.writeWithoutTransaction(StoredFormat.stamp) }
        // What the last run appended but did not archive: archived now, so the writer's
        // `RecordLogState` starts from an empty log.
        let leftInLog = try database.write { try RecordArchive.archiveEverything(in: $0) }
        if leftInLog > 0 {
            logger.info("archived \(leftInLog) records the last run left in the record log")
        }
        let queue = WriteQueue(maxBatchSize: groupCommit ? maxBatchSize : 1)
        self.path = path
        self.synchronous = synchronous
        self.groupCommit = groupCommit
        self.database = database
        self.queue = queue
        let log = RecordLogState(policy: archive)
        self.log = log
        let writer = GroupCommitWriter(queue: queue, database: database, log: log, policy: archive, logger: logger)
        self.writer = Task { await writer.run() }
        self.ratings = SQLiteRatingStore(database: database)
    }

    deinit {
        // Lets the writer loop finish what is queued and end; GRDB closes the file when released.
        queue.close()
    }

    /// What this store has committed since it was opened: transactions, operations, records.
    public var statistics: WriteStatistics { queue.statistics }

    /// Stores a new match with its `created` record and an empty summary, once committed.
    public func createMatch(id: MatchID, at date: Date) async throws {
        try await queue.submit(.create(matchId: id, at: date))
    }

    /// Appends `records` to the log of match `id` and replaces its summary; returns once committed.
    public func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        try await queue.append(records, summary: summary, to: id, at: date)
    }

    /// Deletes the matches whose summary last changed before `date`, except `keeping`, with their
    /// records in every table, in one transaction beside the writer loop's (GRDB runs the writer
    /// connection's transactions one at a time). The caller appends to none of them meanwhile, so no
    /// batch can hold one: forgetting their log entries afterwards leaves the writer's `RecordLogState`
    /// as if they had never been written. An archive window that still lists their rows copies nothing
    /// for them.
    public func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        if queue.isClosed { throw MatchStoreError.closed }
        let deleted = try await database.write { db in
            try SQLiteWrites.deleteMatches(updatedBefore: date, keeping: keeping, limit: limit, in: db)
        }
        log.forget(deleted)
        return deleted
    }

    /// The accounts kept in this file (issue 41), beside the matches and never in their logs.
    public func makeAccountStore() -> any AccountStore {
        SQLiteAccountStore(database: database)
    }

    /// The ratings kept in this file (issue 42), beside the accounts they belong to.
    public func makeRatingStore() -> any RatingStore {
        ratings
    }

    /// Frees SQLite's page caches and closes idle reader connections, eventually (GRDB schedules it
    /// on each connection's queue behind the work already there).
    public func releaseMemory() {
        database.releaseMemoryEventually()
    }

    /// The whole log of match `id`, oldest first, or nil when no such match was stored.
    public func records(of id: MatchID) async throws -> [StoredRecord]? {
        try await read { try SQLiteReads.records(of: id, in: $0) }
    }

    /// The stored summary of match `id`, or nil when no such match was stored.
    public func summary(of id: MatchID) async throws -> StoredSummary? {
        try await read { try SQLiteReads.summary(of: id, in: $0) }
    }

    /// Match `id` with its dates, or nil when no such match was stored.
    public func match(_ id: MatchID) async throws -> StoredMatch? {
        try await read { try SQLiteReads.match(id, in: $0) }
    }

    /// Stored matches, newest first, at most `limit`; only those with a free seat when `listedWithFreeSeat`.
    public func listSummaries(listedWithFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        try await read { try SQLiteReads.list(listedWithFreeSeat: listedWithFreeSeat, limit: limit, in: $0) }
    }

    /// Refuses new writes, waits until every queued write is committed, then closes the file.
    public func close() async throws {
        guard queue.close() else { return }
        await writer.value
        try database.close()
    }

    /// Runs the statements of `sql` on the writer connection in their own transaction, outside the
    /// queue, and returns the first column of the last one's first row: lets tests read the writer's
    /// pragmas and break the schema on purpose.
    @discardableResult
    func executeForTesting(_ sql: String) async throws -> String? {
        try await database.write { db in
            var last: String?
            let statements = try db.allStatements(sql: sql)
            while let statement = try statements.next() {
                last = try String.fetchOne(statement)
            }
            return last
        }
    }

    /// How many rating applies wait for the next batch, and how many were taken into batches: lets
    /// tests know what a batch holds.
    var ratingQueueForTesting: (queued: Int, taken: Int) { ratings.queueForTesting }

    /// Holds the writer connection, in a transaction that writes nothing, from when this returns until
    /// `release` is signalled: lets tests queue writes behind it. Blocks one of GRDB's writer threads,
    /// not the caller's.
    func holdWriterForTesting(until release: DispatchSemaphore) async {
        await withCheckedContinuation { held in
            Task { [database] in
                try? await database.write { _ in
                    held.resume()
                    release.wait()
                }
            }
        }
    }

    private func read<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        if queue.isClosed { throw MatchStoreError.closed }
        return try await database.read(body)
    }
}
