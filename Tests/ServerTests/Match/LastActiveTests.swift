import Foundation
import MatchWords
import Testing
import VirtualTime
import WireProtocol

/// Issue 15, item 6: the summary's `lastActive` (`"now"`, or when the last connection closed, or the
/// stored match's last change) and the lobby's `?activeWithin=SECONDS`.
@Suite("Last active")
struct LastActiveTests {
    private static func date(_ text: String?) throws -> Date {
        let text = try #require(text)
        return try Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    private static func list(_ server: TestServer, _ query: String = "") async throws -> [MatchSummary] {
        let response = try await HTTP.get(port: server.port, "/api/matches\(query)")
        guard response.status == 200, case .success(let list) = MatchList.decode(response.body) else {
            throw HTTP.Failure(description: "\(response.status) \(response.body)")
        }
        return list.matches
    }

    private static func withDatabase<Value>(_ body: (String) async throws -> Value) async throws -> Value {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("LastActiveTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory.appendingPathComponent("matches.sqlite").path)
    }

    @Test func test_lastActive_isNowWhileConnected_thenWhenTheLastConnectionClosed() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch(listed: true)
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await alice.login("Alice")
            try await alice.nextScreen(.loggedOut)
            #expect(try await server.summary(of: matchID).lastActive == "now")
            #expect(try await Self.list(server).first { $0.matchId == matchID }?.lastActive == "now")

            let closed = Date()
            alice.close()
            let start = ContinuousClock.now
            var summary = try await server.summary(of: matchID)
            while summary.lastActive == "now" {
                try #require(ContinuousClock.now - start < .seconds(3), "lastActive still now after the last connection closed")
                try await Task.sleep(for: .milliseconds(50))
                summary = try await server.summary(of: matchID)
            }
            let lastActive = try Self.date(summary.lastActive)
            #expect(abs(lastActive.timeIntervalSince(closed)) < 2, "\(lastActive) vs \(closed)")
            #expect(summary.players.first?.connected == false, "the summary says the player left")
            // The lobby lists a match only while its creator waits in it.
            #expect(try await Self.list(server).first { $0.matchId == matchID } == nil)
        }
    }

    @Test func test_afterARestart_lastActiveIsTheStoredMatchsLastChange_andTheFilterHidesIdleMatches() async throws {
        let time = VirtualTime()
        try await Self.withDatabase { database in
            let before = time.host.moment().date
            let (matchID, token) = try await withTestServer(time: time, configure: { $0.databasePath = database }) { server in
                let matchID = try await server.createMatch(listed: true)
                let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let (_, token) = try await alice.login("Alice")
                try await alice.nextScreen(.loggedOut)
                return (matchID, token)
            }
            let stopped = time.host.moment().date
            // Longer ago than the `activeWithin=2` below.
            await time.advance(by: .milliseconds(2100))
            try await withTestServer(time: time, configure: { $0.databasePath = database }) { server in
                let summary = try await server.summary(of: matchID)
                let lastActive = try Self.date(summary.lastActive)
                #expect(lastActive >= before && lastActive <= stopped, "the login's stored change: \(lastActive)")
                // Its creator is not back: not listed, however recent.
                #expect(try await Self.list(server).isEmpty)
                #expect(try await Self.list(server, "?activeWithin=60").isEmpty)

                // A spectator opens it: active now, but still nobody to play; the creator comes back:
                // listed again, after a match created since whose creator waits too.
                let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                // The summary learns of it with the coalesced presence: the clock moves on to it.
                await time.advanceToPresence()
                #expect(try await eventually { try await server.summary(of: matchID).lastActive == "now" })
                #expect(try await Self.list(server, "?activeWithin=2").isEmpty)
                let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                _ = try await alice.resume(token).seated()
                let fresh = try await server.createMatch(listed: true)
                let (creator, _) = try await TestClient.connected(port: server.port, matchID: fresh)
                _ = try await creator.login("Cleo")
                await time.advanceToPresence()
                let start = ContinuousClock.now
                var active = try await Self.list(server, "?activeWithin=2")
                while active.last?.matchId != matchID || active.last?.lastActive != "now" {
                    try #require(ContinuousClock.now - start < .seconds(3), "not active now: \(active)")
                    try await Task.sleep(for: .milliseconds(50))
                    active = try await Self.list(server, "?activeWithin=2")
                }
                #expect(
                    try await eventually {
                        try await Self.list(server, "?activeWithin=2").map(\.matchId) == [fresh, matchID]
                    })
                watcher.close()
            }
        }
    }

    @Test func test_activeWithin_mustBeAWholeNumberFrom1() async throws {
        try await withTestServer { server in
            for query in ["0", "-5", "1.5", "ten", "", "1234567890"] {
                let response = try await HTTP.get(port: server.port, "/api/matches?activeWithin=\(query)")
                #expect(response.status == 400, "activeWithin=\(query)")
                #expect(response.body.contains("badMessage"))
            }
        }
    }
}
