import MatchStore
import PostgresNIO
import Testing

@testable import PostgresStore

/// A body left waiting on a connection that closed under it (postgres-nio can leave a query issued as
/// its connection closes unanswered for ever) is given up `grace` after the close, its caller told the
/// write failed; a body that ends, or fails, on its own is answered as it ended.
@Suite("PostgreSQL store: a body on a closed connection", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct ClosedConnectionGuardTests {
    @Test(.timeLimit(.minutes(1)))
    func test_aBodyStillWaitingAfterItsConnectionClosed_isGivenUp_asUnavailable() async throws {
        let connection = try await TestDatabase.connection()
        let started = ContinuousClock.now
        await #expect(throws: MatchStoreError.unavailable) {
            try await ClosedConnectionGuard(grace: .milliseconds(200)).run(on: connection) { connection in
                try await connection.close()
                // What the stranded query does: wait, and never hear of the close.
                try await Task.sleep(for: .seconds(3600))
            }
        }
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test(.timeLimit(.minutes(1)))
    func test_aBodyThatEnds_orFails_isAnsweredAsItEnded() async throws {
        let connection = try await TestDatabase.connection()
        defer { Task { try? await connection.close() } }
        let answer = try await ClosedConnectionGuard(grace: .milliseconds(200)).run(on: connection) { connection in
            let rows = try await connection.query("SELECT 41 + 1", logger: TestDatabase.logger)
            for try await value in rows.decode(Int.self) { return value }
            return 0
        }
        #expect(answer == 42)
        await #expect(throws: PSQLError.self) {
            try await ClosedConnectionGuard().run(on: connection) { connection in
                _ = try await connection.query("SELECT * FROM no_such_table", logger: TestDatabase.logger)
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func test_manyBodiesOnOneConnection_leaveNothingBehind_andAreStillGivenUpAfterAClose() async throws {
        let connection = try await TestDatabase.connection()
        let guarding = ClosedConnectionGuard(grace: .milliseconds(200))
        for round in 0..<1000 {
            let value = try await guarding.run(on: connection) { _ in round }
            #expect(value == round)
        }
        // One connection known, no body: nothing piles up per body on a connection that lives on.
        #expect(guarding.counts == (connections: 1, bodies: 0))

        // Its one close callback still gives up a body stranded on it.
        await #expect(throws: MatchStoreError.unavailable) {
            try await guarding.run(on: connection) { connection in
                try await connection.close()
                try await Task.sleep(for: .seconds(3600))
            }
        }
        #expect(guarding.counts == (connections: 0, bodies: 0))
    }
}
