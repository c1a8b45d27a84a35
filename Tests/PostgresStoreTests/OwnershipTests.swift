import Foundation
import MatchStore
import MatchStoreContract
import MatchWords
import PostgresStore
import Testing

/// Two servers' stores on one database: loading a match takes it over, the previous host hears of it
/// and can no longer append, and each server's lobby sees who is connected to the other's matches.
@Suite("PostgreSQL: one host per match", .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct OwnershipTests {
    /// The next match `store` loses, or nil after `seconds`.
    private func nextLoss(of store: PostgresMatchStore, within seconds: Int) async -> MatchID? {
        await withTaskGroup(of: MatchID?.self) { group in
            group.addTask {
                for await id in store.lostMatches { return id }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test func test_loadingAMatchOnAnotherServer_takesItOver_within2s_andThePreviousHostsAppendsAreRefused() async throws {
        try await TestDatabase.withTwoStores { first, second in
            try await first.createMatch(id: "m1", at: Sample.date(0))
            try await first.append([Sample.marker(1)], summary: Sample.oneSeated, to: "m1", at: Sample.date(1))

            let log = try #require(try await second.load("m1"))
            #expect(log.map(\.record) == [.created, Sample.marker(1)], "the new host reads every append of the previous one")
            #expect(await nextLoss(of: first, within: 2) == "m1", "the previous host hears of the takeover")
            #expect(first.isLost("m1") && !second.isLost("m1"), "the loss holds until the first server loads or lets go")

            // The previous host's view of the log is current, but it no longer hosts the match.
            await #expect(throws: MatchStoreError.appendedElsewhere("m1")) {
                try await first.append([Sample.marker(2)], summary: nil, to: "m1", at: Sample.date(2))
            }
            try await second.append([Sample.marker(3)], summary: nil, to: "m1", at: Sample.date(3))
            #expect(try await second.records(of: "m1")?.map(\.record) == [.created, Sample.marker(1), Sample.marker(3)])

            // Loading it back takes it back: then the second server's appends are refused.
            _ = try await first.load("m1")
            #expect(!first.isLost("m1"), "loading it again holds it anew")
            #expect(await nextLoss(of: second, within: 2) == "m1")
            await #expect(throws: MatchStoreError.appendedElsewhere("m1")) {
                try await second.append([Sample.marker(4)], summary: nil, to: "m1", at: Sample.date(4))
            }
            try await first.append([Sample.marker(5)], summary: nil, to: "m1", at: Sample.date(5))
            let records = try #require(try await first.records(of: "m1"))
            #expect(records.map(\.sequence) == [1, 2, 3, 4])
            #expect(records.map(\.record) == [.created, Sample.marker(1), Sample.marker(3), Sample.marker(5)])
        }
    }

    @Test func test_aTakeoverWhileTheHostWasNotListening_isNoticedWhenItListensAgain() async throws {
        try await TestDatabase.withTwoStores { first, second in
            try await first.createMatch(id: "m1", at: Sample.date(0))
            // Let the first server's listener start, then cut its connection, as a network failure would.
            try await Task.sleep(for: .milliseconds(500))
            try await TestDatabase.execute(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = 'tictactoe \(first.serverName)' AND query ILIKE 'LISTEN%'
                """)
            _ = try await second.load("m1")
            #expect(await nextLoss(of: first, within: 10) == "m1", "heard by the listener's reconnection check or by its notification")
            await #expect(throws: MatchStoreError.appendedElsewhere("m1")) {
                try await first.append([Sample.marker(1)], summary: nil, to: "m1", at: Sample.date(1))
            }
        }
    }

    @Test func test_loadingAnUnknownMatch_isNil_andTakesNothing() async throws {
        try await TestDatabase.withTwoStores { first, second in
            let loaded = try await first.load("nope")
            #expect(loaded == nil)
            #expect(await nextLoss(of: second, within: 1) == nil)
        }
    }

    @Test func test_thePresenceAHostPublishes_isSeenByTheOtherServer_untilItLetsGo() async throws {
        try await TestDatabase.withTwoStores { first, second in
            try await first.createMatch(id: "m1", at: Sample.date(0))
            try await first.createMatch(id: "m2", at: Sample.date(0))
            let presence = LivePresence(connectedSeats: [.player1], spectators: 3)
            first.publish(presence, of: "m1")

            var seen: [MatchID: LivePresence] = [:]
            for _ in 0..<50 where seen.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                seen = try await second.presence(of: ["m1", "m2", "nope"])
            }
            #expect(seen == ["m1": presence], "published within 5 s; m2 published nothing")

            first.release("m1")
            seen = try await second.presence(of: ["m1"])
            for _ in 0..<50 where !seen.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                seen = try await second.presence(of: ["m1"])
            }
            #expect(seen.isEmpty, "a match let go of shows nobody (within 5 s)")
        }
    }

    @Test func test_aStoppedServersPresence_stopsCounting_andItsMatchesAreLetGo() async throws {
        try await TestDatabase.withSchema { schema in
            let first = try await TestDatabase.openStore(schema: schema)
            let second = try await TestDatabase.openStore(schema: schema)
            try await first.createMatch(id: "m1", at: Sample.date(0))
            first.publish(LivePresence(connectedSeats: [], spectators: 1), of: "m1")
            var seen: [MatchID: LivePresence] = [:]
            for _ in 0..<50 where seen.isEmpty {
                try await Task.sleep(for: .milliseconds(100))
                seen = try await second.presence(of: ["m1"])
            }
            #expect(seen.count == 1)
            try await first.close()
            #expect(try await second.presence(of: ["m1"]).isEmpty)
            // Its match is free: loading it on the second server tells nobody (no loss to hear).
            #expect(try await second.load("m1") != nil)
            try await second.append([Sample.marker(1)], summary: nil, to: "m1", at: Sample.date(1))
            try await second.close()
        }
    }
}
