import Foundation
import MatchStore
import MatchStoreContract
import MatchWords
import PostgresNIO
import Testing

@testable import PostgresStore

/// Losing the primary (issue 43): a store on a primary and its synchronous standby skips the standby,
/// follows it once promoted, loses nothing it acknowledged, refuses writes at once when the failover
/// timeout has run out, and never writes to the old primary started again.
@Suite("PostgreSQL store: failover to a promoted standby", .serialized, .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct FailoverTests {
    private static let schema = "failover"

    @Test(.timeLimit(.minutes(2)))
    func test_thePrimaryKilled_theStoreFollowsThePromotedStandby_losingNothingAcknowledged_andNeverWritesToTheOldPrimary() async throws {
        let pair = try PostgresPair.start()
        defer { pair.stop() }
        // A host in recovery is skipped: the standby listed first, the primary found second.
        let standbyFirst = try PostgresURL(
            "postgres://\(pair.url.user):\(pair.url.password ?? "")@\(pair.url.hosts[1]),\(pair.url.hosts[0])/\(pair.url.database)")
        let store = try await PostgresMatchStore(
            url: standbyFirst, schema: Self.schema, serverName: "failover", connectionWait: .seconds(5), failoverTimeout: .seconds(2),
            logger: TestDatabase.logger)
        await #expect(throws: PostgresStoreError.self, "a standby alone is no primary") {
            _ = try await PostgresMatchStore(url: try pair.standbyURL, schema: Self.schema, logger: TestDatabase.logger)
        }
        let id: MatchID = "failover1"
        try await store.createMatch(id: id, at: Sample.date(0))
        var acknowledged: [Int] = []
        for index in 1...5 {
            try await store.append([Sample.marker(index)], summary: nil, to: id, at: Sample.date(index))
            acknowledged.append(index)
        }

        try pair.killPrimary()
        let killedAt = ContinuousClock.now
        // On a connection that broke, or after waiting for a primary: refused, so not acknowledged.
        // (Acknowledged only if the kill came after its commit, which the standby then holds.)
        if (try? await store.append([Sample.marker(6)], summary: nil, to: id, at: Sample.date(6))) != nil { acknowledged.append(6) }
        try await until { store.isReconnecting }
        // The failover timeout (2 s) has run out: refused at once.
        try await Task.sleep(until: killedAt + .milliseconds(2300))
        let refusedAt = ContinuousClock.now
        await #expect(throws: MatchStoreError.unavailable) {
            try await store.append([Sample.marker(7)], summary: nil, to: id, at: Sample.date(7))
        }
        #expect(ContinuousClock.now - refusedAt < .seconds(1))

        // Promoted later: the store finds it by itself.
        try pair.promoteStandby()
        try await until { !store.isReconnecting }
        try await store.append([Sample.marker(8)], summary: nil, to: id, at: Sample.date(8))
        acknowledged.append(8)
        let promoted = try await Self.markers(of: id, on: try pair.standbyURL)
        #expect(Set(acknowledged).isSubset(of: promoted), "every acknowledged write is on the promoted standby")
        #expect(promoted.allSatisfy { $0 <= 6 || acknowledged.contains($0) }, "and nothing refused after the timeout")

        // The old primary started again takes writes, on the old timeline: no store writes there.
        try pair.restartOldPrimary()
        try await store.append([Sample.marker(9)], summary: nil, to: id, at: Sample.date(9))
        let late = try await PostgresMatchStore(url: pair.url, schema: Self.schema, serverName: "late", logger: TestDatabase.logger)
        #expect(try await late.records(of: id)?.count == 1 + promoted.count + 1, "a store started now picks the promoted one")
        #expect(try await Self.recordCount(of: id, on: try pair.primaryURL) <= 1 + 6, "the old primary has nothing written after the kill")
        try await late.close()
        try await store.close()
    }

    /// The markers of `id`'s log read from `url`'s host alone.
    private static func markers(of id: MatchID, on url: PostgresURL) async throws -> [Int] {
        let store = try await PostgresMatchStore(url: url, schema: schema, logger: TestDatabase.logger)
        let records = try await store.records(of: id) ?? []
        try await store.close()
        return records.compactMap { Sample.index(of: $0.record) }
    }

    /// How many records of `id` `url`'s host holds, read on a plain connection: a store opened on the
    /// old primary could write there (its migrations), which is what must not happen.
    private static func recordCount(of id: MatchID, on url: PostgresURL) async throws -> Int {
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 9, logger: TestDatabase.logger)
        defer { Task { try? await connection.close() } }
        let rows = try await connection.query(
            "SELECT count(*)::int8 FROM \(unescaped: schema).record WHERE match_id = \(id.rawValue)", logger: TestDatabase.logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }

    private func until(timeout: Duration = .seconds(15), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("not within \(timeout)")
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
