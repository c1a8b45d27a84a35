import Foundation
import MatchHosting
import Testing
import VirtualTime
import WireProtocol

@testable import Server

/// Issue 17, item 6: `--retain-days` deletes the stored matches unchanged for longer, unless someone is
/// connected to them; without it nothing is deleted.
@Suite("Retention of stored matches")
struct RetentionTests {
    /// Retention 3 s (in days), a sweep every 0.1 s, matches unloaded 0.2 s after their last connection.
    private static func configure(_ configuration: inout ServerConfiguration, database: String, retains: Bool) {
        configuration.databasePath = database
        configuration.retainDays = retains ? 3.0 / 86_400 : nil
        configuration.retentionSweepInterval = .milliseconds(100)
        configuration.idleTimeout = .milliseconds(200)
    }

    private static func withDatabase(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("RetentionTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.appendingPathComponent("matches.sqlite").path)
    }

    @Test func test_retainDays_deletesAMatchUnchangedForLonger_within1s_butNotAConnectedOne_norAYoungerOne() async throws {
        let time = VirtualTime()
        try await Self.withDatabase { database in
            try await withTestServer(time: time, configure: { Self.configure(&$0, database: database, retains: true) }) { server in
                let created = time.host.now
                let old = try await server.createMatch()
                let watched = try await server.createMatch()
                let (watcher, _) = try await TestClient.connected(port: server.port, matchID: watched)
                await time.advance(by: .milliseconds(1500))
                let younger = try await server.createMatch()

                // To its third second unchanged, then a sweep's interval at a time, each given a moment to run.
                await time.advance(by: .milliseconds(1500))
                let isGone = { try await HTTP.get(port: server.port, "/api/matches/\(old)").status == 404 }
                while try await !eventually(within: .milliseconds(300), isGone) {
                    try #require(time.host.now - created < .seconds(4), "a match unchanged for 3 s was not deleted within 1 s of it")
                    await time.advance(by: .milliseconds(100))
                }
                let gone = try await HTTP.get(port: server.port, "/api/matches/\(old)")
                #expect(gone.status == 404, "\(gone.body)")
                #expect(try await HTTP.get(port: server.port, "/m/\(old)").status == 404)
                #expect(try await HTTP.get(port: server.port, "/api/matches/\(younger)").status == 200, "a 1.5 s old match was deleted")

                // The watched match is as old, but connected: kept, and it still plays.
                await time.advance(by: .milliseconds(500))
                #expect(try await HTTP.get(port: server.port, "/api/matches/\(watched)").status == 200)
                watcher.send(.login(name: "Ann"))
                _ = try await watcher.next { if case .seated = $0 { true } else { false } }
                watcher.close()
            }
        }
    }

    @Test func test_withoutRetainDays_nothingIsDeleted() async throws {
        let time = VirtualTime()
        try await Self.withDatabase { database in
            try await withTestServer(time: time, configure: { Self.configure(&$0, database: database, retains: false) }) { server in
                let match = try await server.createMatch()
                // Past the 3 s a retention would have kept it, a sweep every 0.1 s.
                for _ in 0..<35 {
                    await time.advance(by: .milliseconds(100))
                    try await Task.sleep(for: .milliseconds(5))
                }
                let status = try await HTTP.get(port: server.port, "/api/matches/\(match)").status
                #expect(status == 200)
            }
        }
    }
}
