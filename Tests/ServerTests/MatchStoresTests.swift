import Foundation
import MatchStore
import SQLiteStore
import Server
import Testing

/// The store a `--db` value opens.
@Suite("MatchStores")
struct MatchStoresTests {
    @Test func test_memoryPath_givesTheInMemoryStore() async throws {
        #expect(try await MatchStores.open(path: ":memory:") is InMemoryMatchStore)
    }

    @Test func test_aFilePath_givesASQLiteStoreThere_withTheSynchronousAsked() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("MatchStoresTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let store = try await MatchStores.open(path: path, synchronous: .normal)
        let sqlite = try #require(store as? SQLiteMatchStore)
        #expect(sqlite.path == path)
        #expect(sqlite.synchronous == .normal)
        #expect(sqlite.groupCommit)
        try await store.close()
    }
}
