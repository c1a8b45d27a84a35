import Foundation
import GRDB
import MatchStore
import MatchWords
import Synchronization

/// A store file opened for reading only: what the server falls back to when `SQLiteMatchStore` cannot
/// open the file because nothing can be written (a full disk), so that the stored matches can still be
/// listed, summarized and watched. Every write throws `MatchStoreError.readOnly`.
///
/// One connection in exclusive locking mode: SQLite then keeps the WAL index in the process's memory
/// instead of the `-shm` file, which a full disk would not let it create or grow, and reads whatever
/// the WAL that the last run left holds. `query_only` refuses every write, and no checkpoint copies
/// the WAL into the file: the file stays as the last writer left it. The exclusive lock keeps other
/// processes (the sqlite3 CLI) out while it is open.
public final class ReadOnlySQLiteMatchStore: MatchStore {
    /// The file's path, as given.
    public let path: String
    /// Nothing can be written: the server serves the stored matches and says it is degraded.
    public var isWritable: Bool { false }
    private let database: DatabaseQueue
    private let isClosed = Atomic<Bool>(false)

    /// Opens the existing store file at `path` for reading.
    /// - Throws: when the file is missing, is not a store file, has a newer format
    ///   (`StoredFormat.TooNew`), or an older one that needs a migration (which would write).
    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        var configuration = Configuration()
        configuration.label = "MatchStore.readOnly"
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "PRAGMA query_only = 1")
        }
        let database = try DatabaseQueue(path: path, configuration: configuration)
        try database.read { db in
            try StoredFormat.check(db)
            guard try SQLiteSchema.migrator.hasCompletedMigrations(db) else { throw OlderFormat() }
        }
        self.path = path
        self.database = database
    }

    /// A file of an older format, which only a writable open can migrate.
    public struct OlderFormat: Error, CustomStringConvertible {
        public var description: String { "the store file needs a migration, which cannot be written read-only" }
    }

    public func createMatch(id: MatchID, at date: Date) async throws {
        throw isClosed.load(ordering: .acquiring) ? MatchStoreError.closed : MatchStoreError.readOnly
    }

    public func append(_ records: [MatchRecord], summary: StoredSummary?, to id: MatchID, at date: Date) async throws {
        throw isClosed.load(ordering: .acquiring) ? MatchStoreError.closed : MatchStoreError.readOnly
    }

    public func deleteMatches(updatedBefore date: Date, keeping: Set<MatchID>, limit: Int) async throws -> [MatchID] {
        throw isClosed.load(ordering: .acquiring) ? MatchStoreError.closed : MatchStoreError.readOnly
    }

    public func records(of id: MatchID) async throws -> [StoredRecord]? {
        try await read { try SQLiteReads.records(of: id, in: $0) }
    }

    public func summary(of id: MatchID) async throws -> StoredSummary? {
        try await read { try SQLiteReads.summary(of: id, in: $0) }
    }

    public func match(_ id: MatchID) async throws -> StoredMatch? {
        try await read { try SQLiteReads.match(id, in: $0) }
    }

    public func listSummaries(listedWithFreeSeat: Bool, limit: Int) async throws -> [StoredMatch] {
        try await read { try SQLiteReads.list(listedWithFreeSeat: listedWithFreeSeat, limit: limit, in: $0) }
    }

    /// Nothing: one connection with SQLite's default cache, whose release (`DatabaseQueue.releaseMemory`)
    /// would wait for the reads in progress, which this call must not.
    public func releaseMemory() {}

    public func close() async throws {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        try database.close()
    }

    private func read<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        if isClosed.load(ordering: .acquiring) { throw MatchStoreError.closed }
        return try await database.read(body)
    }
}
