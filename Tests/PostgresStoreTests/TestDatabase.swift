import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO
import PostgresStore
import Testing

/// The PostgreSQL the tests run against: the URL in `TICTACTOE_TEST_POSTGRES_URL`, which scripts/test.sh
/// sets to the private server it starts. Each store gets a new schema of its own, dropped afterwards,
/// so that tests run in parallel on one database without seeing each other.
enum TestDatabase {
    static let environment = ProcessInfo.processInfo.environment

    /// The URL, when one is given.
    static let url: PostgresURL? = environment["TICTACTOE_TEST_POSTGRES_URL"].flatMap { try? PostgresURL($0) }

    /// Whether the PostgreSQL tests run: a plain `swift test` without a server skips them (saying so).
    static let isAvailable = url != nil

    /// scripts/test.sh sets `TICTACTOE_TEST_POSTGRES_REQUIRED=1`: there a missing or unreadable URL is
    /// a failure (`TestDatabaseRequirementTests`), not a skip.
    static let isRequired = environment["TICTACTOE_TEST_POSTGRES_REQUIRED"] == "1"

    static let skipMessage: Comment =
        "TICTACTOE_TEST_POSTGRES_URL is not set: the PostgreSQL tests need a server (scripts/test.sh starts a private one)"

    static let logger: Logger = {
        var logger = Logger(label: "postgres-store-test")
        logger.logLevel = .critical
        return logger
    }()

    /// Runs `body` with a new schema's name, then drops the schema and everything in it.
    static func withSchema<Value>(_ body: (String) async throws -> Value) async throws -> Value {
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        // Best effort: a schema left behind is only clutter in a throwaway test server.
        do {
            let value = try await body(schema)
            try? await drop(schema)
            return value
        } catch {
            try? await drop(schema)
            throw error
        }
    }

    /// A store on `schema` (created and migrated when new).
    static func openStore(schema: String, groupCommit: Bool = true, serverName: String? = nil) async throws -> PostgresMatchStore {
        let url = try #require(url, skipMessage)
        return try await PostgresMatchStore(url: url, schema: schema, groupCommit: groupCommit, serverName: serverName, logger: logger)
    }

    /// Runs `body` with two stores (two servers, each with its own name) on one new schema, then closes
    /// both.
    static func withTwoStores(
        groupCommit: Bool = true, _ body: (PostgresMatchStore, PostgresMatchStore) async throws -> Void
    ) async throws {
        try await withSchema { schema in
            let first = try await openStore(schema: schema, groupCommit: groupCommit, serverName: "first-\(UUID().uuidString)")
            let second = try await openStore(schema: schema, groupCommit: groupCommit, serverName: "second-\(UUID().uuidString)")
            do {
                try await body(first, second)
            } catch {
                try? await first.close()
                try? await second.close()
                throw error
            }
            try await first.close()
            try await second.close()
        }
    }

    private static func drop(_ schema: String) async throws {
        try await execute("DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE")
    }

    /// Runs `sql` on a connection of its own, as an operator would in psql.
    static func execute(_ sql: String) async throws {
        _ = try await rowCount(sql)
    }

    /// A plain connection of its own to the test database.
    static func connection() async throws -> PostgresConnection {
        guard let url else { throw NoTestDatabase() }
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    /// Runs `sql` on a connection of its own and counts the rows it answers.
    static func rowCount(_ sql: String) async throws -> Int {
        guard url != nil else { return 0 }
        let connection = try await connection()
        do {
            var count = 0
            for try await _ in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) { count += 1 }
            try await connection.close()
            return count
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Waits until `store`'s listening connection has asked for its last channel (the audiences'
    /// frames): what is notified before that is not heard. False after `timeout`.
    static func untilListening(_ store: PostgresMatchStore, timeout: Duration = .seconds(10)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let listening = try await rowCount(
                """
                SELECT 1 FROM pg_stat_activity
                WHERE application_name = 'tictactoe \(store.serverName)' AND query ILIKE 'LISTEN%audience_frames%'
                """)
            if listening > 0 { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}

/// Where scripts/test.sh runs the tests, PostgreSQL must be there: a run that would skip them fails.
@Suite("PostgreSQL test server")
struct TestDatabaseRequirementTests {
    @Test func test_whenRequired_theTestServersURLIsSetAndReadable() {
        guard TestDatabase.isRequired else { return }
        #expect(TestDatabase.url != nil, "TICTACTOE_TEST_POSTGRES_REQUIRED=1 but TICTACTOE_TEST_POSTGRES_URL is missing or unreadable")
    }
}

/// No test database was named (TICTACTOE_TEST_POSTGRES_URL), where a test needs one.
struct NoTestDatabase: Error {}
