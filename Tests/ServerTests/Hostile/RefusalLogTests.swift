import Foundation
import Logging
import RandomWin
import RawSocketSupport
import Testing
import TicTacToe
import WireProtocol

extension HostileTests {
    /// Every refusal is logged once, naming its match and reason; no token is ever logged.
    @Suite("Hostile refusal logs")
    struct RefusalLogTests {
        @Test func test_everyRefusal_isLoggedOnceWithItsMatchAndReason_andNoTokenAppearsInAnyLogLine() async throws {
            let capture = LogCapture()
            try await withTestServer(logger: capture.logger(), configure: { $0.maxConnectionsPerMatch = 4 }) { server in
                let matchID = try await server.createMatch()
                let otherMatch = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: matchID)
                let (stranger, _) = try await TestClient.connected(port: server.port, matchID: otherMatch)
                let (_, strangerToken) = try await stranger.login("Stranger")
                let tokens = [pair.aliceToken, pair.bobToken, strangerToken]

                // Refusals of messages, each answered to its sender.
                let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                spectator.send(.resume(token: strangerToken))
                #expect(try await spectator.nextError() == .badToken)
                pair.bob.send(.resume(token: pair.aliceToken))
                #expect(try await pair.bob.nextError() == .alreadySeated)
                spectator.send(.move(row: 0, col: 0))
                #expect(try await spectator.nextError() == .notSeated)
                spectator.sendRaw(#"{"type":"resume","token":7}"#)
                #expect(try await spectator.nextError() == .badMessage)
                pair.alice.send(.roll)
                #expect(try await pair.alice.nextError() == .wrongPhase)
                // Refusals that close the connection, each on its own connection.
                let closers: [(String, (TestClient) -> Void, Int)] = [
                    ("binary frame", { $0.sendBinary([1]) }, 1003),
                    ("not UTF-8", { $0.sendFrame(opcode: .text, [0xFF]) }, 1007),
                    ("over 4096 bytes", { $0.sendRaw(String(repeating: " ", count: 5000)) }, 1009),
                ]
                for (_, offend, code) in closers {
                    let (client, _) = try await TestClient.connected(port: server.port, matchID: otherMatch)
                    offend(client)
                    #expect(try await client.closeCode() == code)
                }
                let (flooder, _) = try await TestClient.connected(port: server.port, matchID: otherMatch)
                for _ in 0..<25 { flooder.send(.resume(token: strangerToken)) }
                #expect(try await flooder.nextError() == .rateLimited)
                for _ in 0..<60 { flooder.send(.sync) }
                #expect(try await flooder.closeCode() == 1008)
                // The match holds 4 connections: Alice, Bob, the spectator, and now one more.
                let (fourth, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let fifth = TestClient.connect(port: server.port, matchID: matchID)
                #expect(try await fifth.closeCode() == 1013)
                // Refused upgrades and HTTP requests.
                #expect(
                    try await RawHTTP.status(
                        port: server.port, path: "/ws/\(otherMatch)", headers: RawHTTP.upgradeHeaders + [("Origin", "https://evil.example")]
                    ) == 403)
                #expect(try await RawHTTP.status(port: server.port, path: "/ws/AAAAAAAAAAAA", headers: RawHTTP.upgradeHeaders) == 404)
                #expect(try await RawHTTP.status(port: server.port, path: "/ws/%0Aforged%20line", headers: RawHTTP.upgradeHeaders) == 404)
                #expect(try await HTTP.get(port: server.port, "/api/matches/BBBBBBBBBBBB").status == 404)
                #expect(try await HTTP.get(port: server.port, "/launchGame?gameId=chess&matchId=\(matchID)").status == 400)
                #expect(
                    try await HTTP.request(port: server.port, "/api/matches", method: .POST, body: String(repeating: "x", count: 20_000))
                        .status == 413)
                fourth.close()
                spectator.close()
                await spectator.waitUntilClosed()

                let records = capture.all
                let refusals = records.filter { $0.message == "refused" }
                /// The refusals whose reason contains `text`.
                func refused(_ text: String) -> [LogCapture.Record] { refusals.filter { $0.metadata["reason"]?.contains(text) == true } }
                for (reason, match) in [
                    ("badToken", matchID), ("alreadySeated", matchID), ("notSeated", matchID), ("badMessage", matchID),
                    ("wrongPhase", matchID),
                    ("binary frame", otherMatch), ("text that is not UTF-8, closed 1007", otherMatch),
                    ("invalidFrameLength, closed 1009", otherMatch),
                    ("rate limit exceeded, closed 1008", otherMatch),
                    ("full of connections", matchID), ("origin not allowed", otherMatch), ("unknown match, answered 404", "AAAAAAAAAAAA"),
                    ("unknown match, answered 404", "BBBBBBBBBBBB"), ("unknown or missing gameId", matchID),
                ] {
                    let found = refused(reason).filter { $0.metadata["match"] == match }
                    #expect(found.count == 1, "one refusal '\(reason)' for match \(match); found \(refused(reason).map(\.line))")
                }
                // The limiter answers every message over the limit: each answer logged once.
                #expect(!refused("rateLimited").isEmpty)
                #expect(refused("rateLimited").allSatisfy { $0.metadata["match"] == otherMatch })
                // What is about no match says so by its reason alone.
                #expect(refused("request body over").count == 1)
                // A client's control characters do not forge a log line.
                #expect(refused("malformed match id").allSatisfy { !($0.metadata["match"] ?? "").contains("\n") })
                // Every refusal carries a reason; all but the body limit name a match.
                for record in refusals {
                    #expect(record.metadata["reason"] != nil, "\(record.line)")
                    if record.metadata["reason"]?.contains("request body") != true {
                        #expect(record.metadata["match"] != nil, "no match in \(record.line)")
                    }
                }
                // No token, anywhere, at any level.
                for record in records {
                    for token in tokens { #expect(!record.line.contains(token), "a token in the log: \(record.line)") }
                }
                print("Captured \(records.count) log records, \(refusals.count) refusals")
            }
        }
    }
}
