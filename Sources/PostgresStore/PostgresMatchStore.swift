import Accounts
import DurableStore
import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO
import RatingStore

/// A `MatchStore` in a PostgreSQL database, through postgres-nio: for several servers on one database
/// (docs/SCALING.md).
///
/// Writes go through the same queue as the SQLite store's: one writer loop takes everything queued (at
/// most `maxBatchSize` writes) and commits it in one transaction with `synchronous_commit` on, then
/// resumes those callers, so an append returns only once PostgreSQL has committed it (write before
/// tell) and one commit serves the moves of many matches. Reads run beside it on a pool of connections.
///
/// One writer per match: every append is conditioned on the last sequence this store saw of the
/// match's log (`KnownSequences`) and refused with `MatchStoreError.appendedElsewhere` when another
/// store got there first; `record`'s primary key (match, sequence) backs it. So two stores appending to
/// one match never fork its log: each sequence has exactly one record, without gaps.
///
/// One host per match: loading a match (`load`) makes this store's server its owner in a new epoch and
/// notifies the others; appends are also conditioned on that epoch, so the previous owner's are refused
/// from then on, and it hears of it on `lostMatches` (`PostgresHosting`).
public final class PostgresMatchStore: MatchStore {
    /// Where it is connected (its `description` hides the password).
    public let url: PostgresURL
    /// The PostgreSQL schema the tables are in.
    public let schema: String

    private let primary: PrimaryPool
    /// The same pool, waiting for a connection for `connectionWait` at most.
    private let pool: BoundedPool
    private let queue: WriteQueue
    private let writer: Task<Void, Never>
    private let known: KnownSequences
    private let hosting: PostgresHosting
    private let listener: Task<Void, Never>
    private let publisher: Task<Void, Never>
    private let audienceSender: Task<Void, Never>
    private let logger: Logger

    /// This server's name in the `match.owner` and `server` columns.
    public var serverName: String { hosting.server }

    /// Connects to `url`, creates `schema` when missing and runs the migrations it has not run yet.
    ///
    /// - Parameters:
    ///   - url: the database.
    ///   - schema: the PostgreSQL schema of the tables (`public` by default); tests give each store a
    ///     new one.
    ///   - groupCommit: true (the default) to batch writes that queue up into one transaction.
    ///   - maxBatchSize: the most writes one transaction carries with group commit.
    ///   - maxConnections: the pool's size; the writer takes one connection per transaction, the reads
    ///     the rest.
    ///   - serverName: this server's name in the database, unique among the servers running on it (nil:
    ///     the host name, process id and a random part).
    ///   - connectionWait: how long a call waits for a connection (PostgreSQL unreachable) before it
    ///     fails with `MatchStoreError.unavailable`.
    ///   - failoverTimeout: how long, once the primary is lost, calls wait for another to be found
    ///     among the URL's hosts; after it they are refused at once until one is (the search goes on).
    ///   - logger: where the store says what it did at start and what failed.
    /// - Throws: `PostgresStoreError.cannotConnect` (naming the address, never the password) when the
    ///   server cannot be reached or refuses the connection, `.schemaTooNew` when a newer release
    ///   migrated the database.
    public init(
        url: PostgresURL, schema: String = "public", groupCommit: Bool = true, maxBatchSize: Int = 256, maxConnections: Int = 8,
        serverName: String? = nil, connectionWait: Duration = .seconds(5), failoverTimeout: Duration = .seconds(30),
        logger: Logger = Logger(label: "MatchStore")
    ) async throws {
        let serverName = serverName ?? PostgresHosting.newServerName()
        // Write before tell: a COMMIT returns only once the commit record is on disk, whatever the
        // server's default says. The application name tells an operator (pg_stat_activity) which
        // server a connection is of.
        let startupParameters = [
            ("synchronous_commit", "on"), ("search_path", schema), ("application_name", String("tictactoe \(serverName)".prefix(63))),
        ]
        // The primary among the URL's hosts (the only host of a one-host URL), connected to directly
        // rather than through a pool, which would retry an unreachable server for ever: at start, no
        // primary is an error.
        let search = PrimarySearch(url: url, startupParameters: startupParameters, connectTimeout: .seconds(3), logger: logger)
        let host: PostgresURL.Host
        let timeline: Int
        switch await search.find(notOlderThan: 0) {
        case .primary(let found, let foundTimeline): (host, timeline) = (found, foundTimeline)
        case .none(let reasons):
            throw PostgresStoreError.cannotConnect(
                address: url.address, database: url.database, user: url.user, reason: reasons.joined(separator: "; "))
        }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: search.connectionConfiguration(for: host), id: 0, logger: logger)
        } catch {
            throw PostgresStoreError.cannotConnect(
                address: host.description, database: url.database, user: url.user,
                reason: PostgresErrorText.describe(error, hiding: url.password))
        }
        do {
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(Self.quoted(schema))"), logger: logger)
            try await PostgresSchema.migrate(on: connection, logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        let primary = PrimaryPool(
            search: search, primary: host, timeline: timeline, maxConnections: maxConnections, failoverTimeout: failoverTimeout,
            retireAfter: connectionWait + .seconds(1), logger: logger)
        let queue = WriteQueue(maxBatchSize: groupCommit ? maxBatchSize : 1)
        let known = KnownSequences()
        let pool = BoundedPool(primary: primary, wait: connectionWait)
        let hosting = PostgresHosting(server: serverName, schema: schema, pool: pool, logger: logger)
        self.known = known
        self.hosting = hosting
        self.url = url
        self.schema = schema
        self.primary = primary
        self.pool = pool
        self.queue = queue
        self.logger = logger
        let writer = PostgresWriter(queue: queue, pool: pool, known: known, held: hosting.held, server: serverName, logger: logger)
        self.writer = Task { await writer.run() }
        self.listener = Task { await hosting.listen() }
        self.publisher = Task { await hosting.publishInBackground() }
        self.audienceSender = Task { await hosting.audiences.send() }
        logger.info("PostgreSQL store open at \(url) as server \(serverName), writing to the primary \(host) (timeline \(timeline))")
    }

    deinit {
        // Lets the writer finish what is queued; the pool ends with `clientRun`'s task when cancelled.
        queue.close()
    }

    /// What this store has committed since it was opened: transactions, operations, records.
    public var statistics: WriteStatistics { queue.statistics }

    /// The match is created hosted by this server.
    public func createMatch(id: MatchID, at date: Date) async throws {
        try await queue.submit(.create(matchId: id, at: date))
        hosting.held.hold(id, epoch: PostgresOwnership.createdEpoch)
    }

    public func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        try await queue.append(records, summary: summary, to: id, at: date)
    }

    /// Also what this store's next append to the match is conditioned on: loading a match reads its
    /// log, and the next append goes right after what was read.
    public func records(of id: MatchID) async throws -> [StoredRecord]? {
        try checkOpen()
        let records = try await pool.withConnection { [logger] connection in
            try await PostgresReads.records(of: id, on: connection, logger: logger)
        }
        if let last = records?.last { known.saw([id: last.sequence]) }
        return records
    }

    /// Takes the match over for this server first (`PostgresOwnership.claim`): the log read after it
    /// holds every append the previous host made, and the previous host's later appends are refused.
    public func load(_ id: MatchID) async throws -> [StoredRecord]? {
        try checkOpen()
        let server = hosting.server
        let claimed = try await pool.withConnection { [logger] connection in
            try await PostgresOwnership.claim(id, for: server, on: connection, logger: logger)
        }
        guard let epoch = claimed else { return nil }
        hosting.held.hold(id, epoch: epoch)
        return try await records(of: id)
    }

    public var lostMatches: AsyncStream<MatchID> { hosting.lostMatches }

    public func isLost(_ id: MatchID) -> Bool { hosting.held.isLost(id) }

    /// Forgets the match at once (so that a load that follows holds its own epoch), then clears its
    /// owner in the background, where it is still this server's in the epoch let go of: done late, it
    /// changes nothing a later load did.
    public func release(_ id: MatchID) {
        known.forget([id])
        hosting.dropPresence(of: id)
        guard let epoch = hosting.held.release(id), !queue.isClosed else { return }
        Task { [pool, hosting, logger] in
            do {
                try await pool.withConnection { connection in
                    try await PostgresOwnership.release([id: epoch], by: hosting.server, on: connection, logger: logger)
                }
            } catch {
                // Harmless: the next server to load the match takes it whoever owns it.
                logger.notice("could not let go of match \(id): \(PostgresErrorText.describe(error))")
            }
        }
    }

    public func publish(_ presence: LivePresence, of id: MatchID) {
        hosting.publish(presence, of: id)
    }

    public func presence(of ids: [MatchID]) async throws -> [MatchID: LivePresence] {
        try checkOpen()
        return try await pool.withConnection { [logger] connection in
            try await PostgresOwnership.presence(of: ids, on: connection, logger: logger)
        }
    }

    public func summary(of id: MatchID) async throws -> StoredSummary? {
        try checkOpen()
        return try await pool.withConnection { [logger] connection in
            try await PostgresReads.summary(of: id, on: connection, logger: logger)
        }
    }

    public func match(_ id: MatchID) async throws -> StoredMatch? {
        try checkOpen()
        return try await pool.withConnection { [logger] connection in
            try await PostgresReads.match(id, on: connection, logger: logger)
        }
    }

    public func listSummaries(listedWithFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        try checkOpen()
        return try await pool.withConnection { [logger] connection in
            try await PostgresReads.list(listedWithFreeSeat: listedWithFreeSeat, limit: limit, on: connection, logger: logger)
        }
    }

    /// Deletes the matches whose summary last changed before `date`, except `keeping`, in one
    /// statement (their records go with them: `ON DELETE CASCADE`). Another server may have one of them
    /// loaded: its next append finds no match and fails (`unknownMatch`), closing that match's
    /// connections with 1011, as for any write that fails.
    public func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        try checkOpen()
        let server = hosting.server
        let deleted = try await pool.withConnection { [logger] connection in
            try await PostgresWrites.deleteMatches(
                updatedBefore: date, keeping: keeping, limit: limit, by: server, on: connection, logger: logger)
        }
        known.forget(deleted)
        return deleted
    }

    /// The `pairing_queue` table, shared by every server on the database.
    // MARK: - Audiences (PostgresAudiences)

    public var relaysAudiences: Bool { true }

    public func relay(_ spectators: Int, of id: MatchID, wantsWelcome: Bool) {
        hosting.audiences.relay(spectators, of: id, wantsWelcome: wantsWelcome)
    }

    public var relayedFrames: AsyncStream<AudienceFrames> { hosting.audiences.relayedFrames }

    public func tell(_ frames: AudienceFrames) { hosting.audiences.tell(frames) }

    public var audienceCounts: AsyncStream<AudienceCount> { hosting.audiences.audienceCounts }

    public func audience(of id: MatchID) async throws -> [String: Int] {
        try checkOpen()
        return try await hosting.audiences.audience(of: id)
    }

    public func makePairingQueue(times: PairingQueueTimes, elapsed: @escaping @Sendable () -> Duration) -> any PairingQueue {
        PostgresPairingQueue(pool: pool, times: times, logger: logger)
    }

    /// The accounts in this database (issue 41), shared by every server on it.
    public func makeAccountStore() -> any AccountStore {
        PostgresAccountStore(pool: pool, logger: logger)
    }

    /// The ratings in this database (issue 42), shared by every server on it.
    public func makeRatingStore() -> any RatingStore {
        PostgresRatingStore(pool: pool, logger: logger)
    }

    /// Nothing to let go of here: PostgreSQL keeps its own caches, and the pool closes idle connections
    /// after its idle timeout.
    public func releaseMemory() {}

    /// Whether the store has lost its primary and is looking for one (`/healthz` says `degraded`).
    public var isReconnecting: Bool { primary.isSearching }

    /// Calls `action` each time a primary is found again after it was lost: writes can succeed again.
    public func onReconnected(_ action: @escaping @Sendable () -> Void) { primary.onPrimaryFound(action) }

    /// Refuses new writes, waits until every queued write is committed, then closes the pool.
    public func close() async throws {
        guard queue.close() else { return }
        await writer.value
        listener.cancel()
        publisher.cancel()
        audienceSender.cancel()
        await listener.value
        await publisher.value
        await audienceSender.value
        let stillHeld = hosting.held.all
        do {
            try await pool.withConnection { [logger, hosting] connection in
                try await PostgresOwnership.release(stillHeld, by: hosting.server, on: connection, logger: logger)
            }
        } catch {
            logger.warning("could not let go of \(stillHeld.count) matches: \(PostgresErrorText.describe(error))")
        }
        await hosting.stop()
        await primary.close()
    }

    /// The value of the server setting `name` on one of the store's pooled connections (which the writer
    /// uses too): lets tests check `synchronous_commit`.
    func settingForTesting(_ name: String) async throws -> String? {
        try await pool.withConnection { [logger] connection in
            let rows = try await connection.query("SELECT current_setting(\(name))", logger: logger)
            for try await value in rows.decode(String.self) { return value }
            return nil
        }
    }

    private func checkOpen() throws {
        if queue.isClosed { throw MatchStoreError.closed }
    }

    /// `name` as a quoted SQL identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
