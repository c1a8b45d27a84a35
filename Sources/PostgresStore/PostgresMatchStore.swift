import DurableStore
import Foundation
import Logging
import MatchStore
import PostgresNIO

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
public final class PostgresMatchStore: MatchStore {
    /// Where it is connected (its `description` hides the password).
    public let url: PostgresURL
    /// The PostgreSQL schema the tables are in.
    public let schema: String

    private let client: PostgresClient
    private let queue: WriteQueue
    private let clientRun: Task<Void, Never>
    private let writer: Task<Void, Never>
    private let known: KnownSequences
    private let logger: Logger

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
    ///   - logger: where the store says what it did at start and what failed.
    /// - Throws: `PostgresStoreError.cannotConnect` (naming the address, never the password) when the
    ///   server cannot be reached or refuses the connection, `.schemaTooNew` when a newer release
    ///   migrated the database.
    public init(
        url: PostgresURL, schema: String = "public", groupCommit: Bool = true, maxBatchSize: Int = 256, maxConnections: Int = 8,
        logger: Logger = Logger(label: "MatchStore")
    ) async throws {
        // Write before tell: a COMMIT returns only once the commit record is on disk, whatever the
        // server's default says.
        let startupParameters = [("synchronous_commit", "on"), ("search_path", schema)]
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        configuration.options.additionalStartupParameters = startupParameters
        configuration.options.maximumConnections = maxConnections
        // The first connection, made directly rather than through the pool, which would retry an
        // unreachable server for ever: at start, a server that cannot be reached is an error.
        var first = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        first.options.additionalStartupParameters = startupParameters
        first.options.connectTimeout = .seconds(10)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: first, id: 0, logger: logger)
        } catch {
            throw PostgresStoreError.cannotConnect(
                address: url.address, database: url.database, user: url.user,
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
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let queue = WriteQueue(maxBatchSize: groupCommit ? maxBatchSize : 1)
        let known = KnownSequences()
        self.known = known
        self.url = url
        self.schema = schema
        self.client = client
        self.queue = queue
        self.logger = logger
        self.clientRun = Task { await client.run() }
        let writer = PostgresWriter(queue: queue, client: client, known: known, logger: logger)
        self.writer = Task { await writer.run() }
    }

    deinit {
        // Lets the writer finish what is queued; the pool ends with `clientRun`'s task when cancelled.
        queue.close()
    }

    /// What this store has committed since it was opened: transactions, operations, records.
    public var statistics: WriteStatistics { queue.statistics }

    public func createMatch(id: MatchID, at date: Date) async throws {
        try await queue.submit(.create(matchId: id, at: date))
    }

    public func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        try await queue.append(records, summary: summary, to: id, at: date)
    }

    /// Also what this store's next append to the match is conditioned on: loading a match reads its
    /// log, and the next append goes right after what was read.
    public func records(of id: MatchID) async throws -> [StoredRecord]? {
        try checkOpen()
        let records = try await PostgresReads.records(of: id, on: client, logger: logger)
        if let last = records?.last { known.saw([id: last.sequence]) }
        return records
    }

    public func summary(of id: MatchID) async throws -> StoredSummary? {
        try checkOpen()
        return try await PostgresReads.summary(of: id, on: client, logger: logger)
    }

    public func listSummaries(withFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        try checkOpen()
        return try await PostgresReads.list(withFreeSeat: withFreeSeat, limit: limit, on: client, logger: logger)
    }

    /// Deletes the matches whose summary last changed before `date`, except `keeping`, in one
    /// statement (their records go with them: `ON DELETE CASCADE`). Another server may have one of them
    /// loaded: its next append finds no match and fails (`unknownMatch`), closing that match's
    /// connections with 1011, as for any write that fails.
    public func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        try checkOpen()
        let deleted = try await PostgresWrites.deleteMatches(
            updatedBefore: date, keeping: keeping, limit: limit, on: client, logger: logger)
        known.forget(deleted)
        return deleted
    }

    /// Nothing to let go of here: PostgreSQL keeps its own caches, and the pool closes idle connections
    /// after its idle timeout.
    public func releaseMemory() {}

    /// Refuses new writes, waits until every queued write is committed, then closes the pool.
    public func close() async throws {
        guard queue.close() else { return }
        await writer.value
        clientRun.cancel()
        await clientRun.value
    }

    /// The value of the server setting `name` on one of the store's pooled connections (which the writer
    /// uses too): lets tests check `synchronous_commit`.
    func settingForTesting(_ name: String) async throws -> String? {
        let rows = try await client.query("SELECT current_setting(\(name))", logger: logger)
        for try await value in rows.decode(String.self) { return value }
        return nil
    }

    private func checkOpen() throws {
        if queue.isClosed { throw MatchStoreError.closed }
    }

    /// `name` as a quoted SQL identifier.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
