import Foundation
import MatchStore
import MatchStoreContract
import MatchTree
import MatchWords
import Testing

@testable import SQLiteStore

/// The record log and its archive: appends go to a log table, the writer moves them into `record` in
/// windows, a restart archives what a crash left, and a failing archive loses nothing.
@Suite("SQLite record archive")
struct RecordArchiveTests {
    private static let often = RecordArchivePolicy(windowRecords: 4, matchesPerTransaction: 2)
    private static let never = RecordArchivePolicy(windowRecords: 1_000_000, matchesPerTransaction: 2)

    @Test func appends_areMovedIntoTheMatchOrderedTable_andTheLogEmpties() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path, archive: Self.often)
            try await play(rounds: 10, matches: 5, on: store)
            try await waitUntil { store.statistics.archivedRecords >= 20 }

            #expect(store.statistics.archiveTransactions >= 3, "five matches, two per step")
            #expect(try await count("record", in: store) >= 20)
            let distinct =
                "(SELECT matchId, sequence FROM record UNION SELECT matchId, sequence FROM recordLog0"
                + " UNION SELECT matchId, sequence FROM recordLog1)"
            #expect(try await count(distinct, in: store) == 5 * 11)
            // Appends after the archive continue each match's numbering from the archived records.
            try await expectCompleteAndNumberingContinues(rounds: 10, matches: 5, on: store)
            try await store.close()
        }
    }

    @Test func open_archivesWhatTheLogHeld_evenRowsAlreadyCopied() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path, archive: Self.never)
            try await play(rounds: 6, matches: 3, on: store)
            // A crash between an archive step and the delete of its window: some rows in both tables.
            try await store.executeForTesting(
                """
                INSERT INTO record (matchId, sequence, at, kind, payload)
                SELECT matchId, sequence, at, kind, payload FROM recordLog0 WHERE matchId = 'm1' AND sequence <= 4
                """)
            #expect(try await count("recordLog0", in: store) == 3 * 7)
            try await store.close()

            let reopened = try SQLiteMatchStore(path: path, archive: Self.never)
            #expect(try await count("recordLog0", in: reopened) + count("recordLog1", in: reopened) == 0)
            #expect(try await count("record", in: reopened) == 3 * 7)
            try await expectCompleteAndNumberingContinues(rounds: 6, matches: 3, on: reopened)
            try await reopened.close()
        }
    }

    /// Archived only, in the archive and a log table, in one log table, in the other.
    @Test func reads_seeRecordsWhereverTheyAre_once() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path, archive: Self.never)
            try await play(rounds: 4, matches: 2, on: store)
            try await store.executeForTesting(
                """
                INSERT INTO record (matchId, sequence, at, kind, payload)
                SELECT matchId, sequence, at, kind, payload FROM recordLog0 WHERE sequence <= 3
                """)
            try await store.executeForTesting(
                """
                DELETE FROM recordLog0 WHERE sequence <= 2;
                INSERT INTO recordLog1 SELECT * FROM recordLog0 WHERE sequence = 4;
                DELETE FROM recordLog0 WHERE sequence = 4;
                """)
            try await expectEveryMatchComplete(rounds: 4, matches: 2, in: store)
            try await store.close()
        }
    }

    @Test func failingArchive_losesNothing_appendsGoOn_andIsTriedAgain() async throws {
        try await withTemporaryStorePath { path in
            let store = try SQLiteMatchStore(path: path, archive: Self.often)
            try await store.executeForTesting(
                """
                CREATE TRIGGER refuseArchive BEFORE INSERT ON record
                BEGIN SELECT RAISE(ABORT, 'archive refused'); END;
                """)
            try await play(rounds: 8, matches: 3, on: store)
            #expect(store.statistics.archivedRecords == 0)
            try await expectEveryMatchComplete(rounds: 8, matches: 3, in: store)

            try await store.executeForTesting("DROP TRIGGER refuseArchive")
            try await play(rounds: 4, matches: 3, from: 8, on: store)
            try await waitUntil { store.statistics.archivedRecords > 0 }
            try await expectEveryMatchComplete(rounds: 12, matches: 3, in: store)
            try await store.close()
        }
    }

    /// Creates `matches` matches (when starting from 0) and appends `rounds` markers to each, the
    /// matches taking turns, each append its own transaction or sharing one.
    private func play(rounds: Int, matches: Int, from first: Int = 0, on store: SQLiteMatchStore) async throws {
        if first == 0 {
            for match in 0..<matches {
                try await store.createMatch(id: "m\(match)", at: Sample.date(0))
            }
        }
        for round in first..<(first + rounds) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for match in 0..<matches {
                    group.addTask {
                        try await store.append([Sample.marker(round)], summary: nil, to: "m\(match)", at: Sample.date(round + 1))
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    /// Every match holds its `rounds` markers, and one more append to each continues its numbering.
    private func expectCompleteAndNumberingContinues(rounds: Int, matches: Int, on store: SQLiteMatchStore) async throws {
        try await expectEveryMatchComplete(rounds: rounds, matches: matches, in: store)
        try await play(rounds: 1, matches: matches, from: rounds, on: store)
        try await expectEveryMatchComplete(rounds: rounds + 1, matches: matches, in: store)
    }

    private func expectEveryMatchComplete(rounds: Int, matches: Int, in store: SQLiteMatchStore) async throws {
        for match in 0..<matches {
            let records = try #require(try await store.records(of: "m\(match)"))
            #expect(records.map(\.sequence) == Array(1...(rounds + 1)))
            #expect(records.map(\.record) == [.created] + (0..<rounds).map(Sample.marker))
            #expect(records.map(\.at) == (0...rounds).map(Sample.date))
        }
    }

    private func count(_ table: String, in store: SQLiteMatchStore) async throws -> Int {
        Int(try await store.executeForTesting("SELECT COUNT(*) FROM \(table)") ?? "") ?? -1
    }

    /// Waits for the archive, which runs in the background: no bound on its speed is claimed here, and
    /// 2 s was too short while builds kept both cores busy (failed once in a full run at a load of 10).
    private func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<1000 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("condition not met within 10 s")
    }
}
