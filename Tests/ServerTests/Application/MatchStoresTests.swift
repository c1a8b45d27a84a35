import Foundation
import MatchStore
import MatchWords
import PostgresStore
import SQLiteStore
import Server
import Testing

/// The store a `--db` value opens.
@Suite("MatchStores")
struct MatchStoresTests {
    @Test func test_memoryPath_givesTheInMemoryStore() async throws {
        #expect(try await MatchStores.open(path: ":memory:") is InMemoryMatchStore)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["TICTACTOE_TEST_POSTGRES_URL"] != nil, "TICTACTOE_TEST_POSTGRES_URL is not set"))
    func test_aPostgresURL_givesAPostgresStore_migrated() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["TICTACTOE_TEST_POSTGRES_URL"])
        let store = try await MatchStores.open(path: url)
        let postgres = try #require(store as? PostgresMatchStore)
        #expect(postgres.url == (try PostgresURL(url)))
        #expect(!MatchStores.loggable(url).contains(try #require(postgres.url.password)))
        #expect(try await store.listSummaries(listedWithFreeSeat: false, limit: 1).count <= 1)
        try await store.close()
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
