import Foundation
import MatchStore
import MatchWords
import Testing

@testable import SQLiteStore

/// The SQLite stores the contract runs against.
enum SQLiteVariant: String, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case sqliteWithoutGroupCommit
    /// Archives every few records, a match or two per step: the archive runs beside every test's
    /// appends and reads, which then see records in the log, in both tables, and archived.
    case sqliteArchivingOften

    var testDescription: String { rawValue }

    func open(in directory: URL) throws -> any MatchStore {
        let path = directory.appendingPathComponent("store.sqlite").path
        switch self {
        case .sqlite: return try SQLiteMatchStore(path: path)
        case .sqliteWithoutGroupCommit: return try SQLiteMatchStore(path: path, groupCommit: false)
        case .sqliteArchivingOften:
            return try SQLiteMatchStore(path: path, archive: RecordArchivePolicy(windowRecords: 3, matchesPerTransaction: 2))
        }
    }
}

/// Runs `body` with a new SQLite store at `path` (and its options), then closes it.
func withSQLiteStore<Value>(
    at path: String, groupCommit: Bool = true, _ body: (SQLiteMatchStore) async throws -> Value
) async throws -> Value {
    let store = try SQLiteMatchStore(path: path, groupCommit: groupCommit)
    do {
        let value = try await body(store)
        try await store.close()
        return value
    } catch {
        try? await store.close()
        throw error
    }
}
