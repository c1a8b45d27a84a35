import DurableStore
import Foundation
import MatchStore
import MatchStoreContract
import MatchTree
import MatchWords
import Testing

@testable import SQLiteStore

/// What only the SQLite store promises: a file that outlives the process, WAL, group commit, drains.
@Suite("SQLiteMatchStore")
struct SQLiteMatchStoreTests {
    @Test func reopen_findsEverythingWritten() async throws {
        try await withTemporaryStorePath { path in
            try await withSQLiteStore(at: path) { store in
                try await store.createMatch(id: "m1", at: Sample.date(0))
                try await store.append(Sample.everyKind, summary: Sample.twoSeated, to: "m1", at: Sample.date(1))
                try await store.createMatch(id: "m2", at: Sample.date(2))
            }

            try await withSQLiteStore(at: path) { store in
                #expect(try await store.records(of: "m1")?.map(\.record) == [.created] + Sample.everyKind)
                #expect(try await store.summary(of: "m1") == Sample.twoSeated)
                #expect(try await store.listSummaries(listedWithFreeSeat: false, limit: 50).map(\.id) == ["m2", "m1"])
                try await store.append([Sample.marker(7)], summary: Sample.oneSeated, to: "m1", at: Sample.date(3))
                #expect(try await store.records(of: "m1")?.last == StoredRecord(sequence: 12, record: Sample.marker(7), at: Sample.date(3)))
            }
        }
    }

    @Test func open_createsMissingParentDirectoriesAndUsesWAL() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("a/b/c/store.sqlite").path
            try await withSQLiteStore(at: path) { store in
                try await store.createMatch(id: "m1", at: Sample.date(0))
                #expect(FileManager.default.fileExists(atPath: path))
                #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            }
        }
    }

    @Test(arguments: SQLiteSynchronous.allCases)
    func open_setsSynchronousOfTheWriter(synchronous: SQLiteSynchronous) async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path, synchronous: synchronous)
            let journalMode = try await store.executeForTesting("PRAGMA journal_mode")
            let level = try await store.executeForTesting("SELECT CAST(synchronous AS TEXT) FROM pragma_synchronous")
            try await store.close()
            #expect(journalMode == "wal")
            #expect(level == (synchronous == .full ? "2" : "1"))
        }
    }

    @Test func groupCommit_batchesConcurrentAppendsIntoFewerTransactions() async throws {
        let appends = 200
        let (with, without) = try await (
            transactions(forConcurrentAppends: appends, groupCommit: true),
            transactions(forConcurrentAppends: appends, groupCommit: false)
        )
        #expect(with.committedOperations == appends)
        #expect(with.committedTransactions < appends)
        #expect(without.committedOperations == appends)
        #expect(without.committedTransactions == appends)
    }

    @Test func failedBatch_failsEveryCallerOfTheBatchAndWritesNoneOfIt() async throws {
        try await withTemporaryStorePath { path in
            try await withSQLiteStore(at: path) { store in
                let others: [MatchID] = (0..<40).map { "m\($0)" }
                for id in ["poison"] + others {
                    try await store.createMatch(id: id, at: Sample.date(0))
                }
                try await store.executeForTesting(
                    """
                    CREATE TRIGGER poison BEFORE INSERT ON recordLog0 WHEN NEW.matchId = 'poison'
                    BEGIN SELECT RAISE(ABORT, 'poisoned'); END;
                    """)
                let slow = try await startSlowAppend(to: store)

                let errors = await withTaskGroup(of: (MatchID, (any Error)?).self) { group in
                    for id in ["poison"] + others {
                        group.addTask {
                            do {
                                try await store.append([Sample.marker(1)], summary: Sample.oneSeated, to: id, at: Sample.date(2))
                                return (id, nil)
                            } catch {
                                return (id, error)
                            }
                        }
                    }
                    return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
                }
                try await slow.value

                #expect(errors.count == 41)
                for (id, error) in errors {
                    #expect(String(describing: error).contains("poisoned"), "\(id) shared the poisoned batch")
                    #expect(try await store.records(of: id)?.count == 1)
                    #expect(try await store.summary(of: id) == .empty)
                }
                try await store.append([Sample.marker(2)], summary: Sample.oneSeated, to: "m0", at: Sample.date(3))
                #expect(try await store.records(of: "m0")?.map(\.record) == [.created, Sample.marker(2)])
            }
        }
    }

    @Test func close_drainsQueuedAppends() async throws {
        let appends = 100
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path)
            for index in 0..<appends {
                try await store.createMatch(id: "m\(index)", at: Sample.date(0))
            }
            let slow = try await startSlowAppend(to: store)
            let before = store.statistics
            let queued = (0..<appends).map { index in
                Task { try await store.append([Sample.marker(index)], summary: Sample.oneSeated, to: "m\(index)", at: Sample.date(1)) }
            }
            try await Task.sleep(for: .milliseconds(100))
            #expect(store.statistics == before, "the appends are still queued behind the slow one when close is called")

            try await store.close()
            try await slow.value
            for task in queued {
                try await task.value
            }

            try await withSQLiteStore(at: path) { reopened in
                for index in 0..<appends {
                    let records = try await reopened.records(of: "m\(index)")
                    #expect(records?.map(\.record) == [.created, Sample.marker(index)])
                }
            }
        }
    }

    /// Starts an append that keeps the writer busy for most of a second (a trigger computes a cross
    /// join), and returns once it is being written: everything sent meanwhile waits for the next batch.
    private func startSlowAppend(to store: SQLiteMatchStore) async throws -> Task<Void, any Error> {
        try await store.createMatch(id: "slow", at: Sample.date(0))
        try await store.executeForTesting(
            """
            CREATE TABLE slow(x);
            INSERT INTO slow WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 4000) SELECT x FROM c;
            CREATE TRIGGER slowDown BEFORE INSERT ON recordLog0 WHEN NEW.matchId = 'slow'
            BEGIN SELECT max(a.x * b.x) FROM slow a, slow b; END;
            """)
        let slow = Task { try await store.append([Sample.marker(0)], summary: .empty, to: "slow", at: Sample.date(1)) }
        try await Task.sleep(for: .milliseconds(100))
        return slow
    }

    private func transactions(forConcurrentAppends appends: Int, groupCommit: Bool) async throws -> WriteStatistics {
        try await withTemporaryStorePath { path in
            try await withSQLiteStore(at: path, groupCommit: groupCommit) { store in
                for index in 0..<appends {
                    try await store.createMatch(id: "m\(index)", at: Sample.date(0))
                }
                let before = store.statistics
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<appends {
                        group.addTask {
                            try await store.append([Sample.marker(index)], summary: Sample.oneSeated, to: "m\(index)", at: Sample.date(1))
                        }
                    }
                    try await group.waitForAll()
                }
                return store.statistics.since(before)
            }
        }
    }
}
