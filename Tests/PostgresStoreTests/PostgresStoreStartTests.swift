import Foundation
import MatchStore
import MatchStoreContract
import MatchWords
import Testing

@testable import PostgresStore

/// Reading `--db postgres://…` and starting: the password shows nowhere, an unreachable server is a
/// clear error naming its address.
@Suite("PostgreSQL store: URL and start")
struct PostgresStoreStartTests {
    @Test func test_aURL_isReadIntoItsParts_andDescribedWithoutThePassword() throws {
        let url = try PostgresURL("postgres://ann:s%40cret@db.example:6543/games")
        #expect(url.user == "ann")
        #expect(url.password == "s@cret")
        #expect(url.host == "db.example")
        #expect(url.port == 6543)
        #expect(url.database == "games")
        #expect(url.description == "postgres://ann:***@db.example:6543/games")
        #expect("\(url)".contains("cret") == false)
        #expect(String(reflecting: url).contains("cret") == false)
        #expect(try PostgresURL("postgresql://ann@localhost/games").port == 5432)
    }

    @Test(arguments: [
        "postgres://ann:topsecret@host:5432/db?sslmode=require", "postgres://ann:pw@/db", "postgres://ann:topsecret@host:5432/",
        "postgres://ann:topsecret@host:99999/db",
    ])
    func test_anUnreadableURL_isRefused_withoutItsPassword(text: String) {
        let error = #expect(throws: PostgresStoreError.self) { _ = try PostgresURL(text) }
        let message = error.map { "\($0)" } ?? ""
        #expect(!message.contains("topsecret") && !message.contains(":pw@"), "\(message)")
    }

    @Test func test_anUnreachableServer_failsAtOnce_namingItsAddress_butNotThePassword() async throws {
        // Port 1 (tcpmux) has no listener on any machine these tests run on: refused at once.
        let port = 1
        let url = try PostgresURL("postgres://ann:topsecret@127.0.0.1:\(port)/games")
        do {
            _ = try await PostgresMatchStore(url: url)
            Issue.record("a store opened on a closed port")
        } catch {
            let message = "\(error)"
            #expect(message.contains("127.0.0.1:\(port)"), "\(message)")
            #expect(!message.contains("topsecret"), "\(message)")
            #expect(!String(reflecting: error).contains("topsecret"))
        }
    }

    @Test(.enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
    func test_aWrongPassword_isRefused_withoutShowingIt() async throws {
        let good = try #require(TestDatabase.url)
        // Only meaningful when the server asks for a password; the private server of scripts/test.sh
        // does (scram-sha-256).
        let url = try PostgresURL("postgres://\(good.user):not-the-password-xyz@\(good.address)/\(good.database)")
        do {
            let store = try await PostgresMatchStore(url: url, logger: TestDatabase.logger)
            try await store.close()
            Issue.record("the server accepted a wrong password: is it set to trust?")
        } catch {
            let message = "\(error)"
            #expect(message.contains(good.address), "\(message)")
            #expect(!message.contains("not-the-password-xyz"), "\(message)")
        }
    }

    @Test(.enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
    func test_connections_commitSynchronously_andUseTheStoresSchema() async throws {
        try await TestDatabase.withSchema { schema in
            let store = try await TestDatabase.openStore(schema: schema)
            #expect(try await store.settingForTesting("synchronous_commit") == "on")
            #expect(try await store.settingForTesting("search_path") == schema)
            try await store.close()
        }
    }

    @Test(.enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
    func test_opening_migratesOnce_andASecondStoreFindsTheSchemaInPlace() async throws {
        try await TestDatabase.withSchema { schema in
            let first = try await TestDatabase.openStore(schema: schema)
            try await first.createMatch(id: "m1", at: Sample.date(0))
            try await first.close()
            let second = try await TestDatabase.openStore(schema: schema)
            #expect(try await second.records(of: "m1")?.count == 1)
            try await second.close()
        }
    }
}
