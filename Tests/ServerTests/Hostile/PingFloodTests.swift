import Foundation
import RawSocketSupport
import Server
import Testing
import VirtualTime
import WireProtocol

extension HostileTests {
    /// Issue 17, item 2: control frames count against the rate limit, pongs wait for the socket, and a
    /// close the server decided on ends the connection within the close timeout even when the client
    /// reads nothing.
    @Suite("Hostile: ping floods and closes to full sockets")
    struct PingFloodTests {
        @Test func test_100PingsInABurst_getAtMost20Pongs_aRateLimitedWarning_andClose1008() async throws {
            try await withTestServer(configure: { $0.messagesPerSecond = 20 }) { server in
                let matchID = try await server.createMatch()
                let socket = try await RawWebSocket.connect(port: server.port, matchID: matchID)
                for index in 0..<100 { socket.ping(Array(repeating: UInt8(index), count: 125)) }
                socket.resumeReading()
                let frames = try await socket.waitFor { $0.contains { if case .close = $0 { true } else { false } } }
                #expect(frames.last == .close(code: 1008))
                #expect(socket.pongsReceived <= 20, "at most the limit's 20 pongs for 100 pings in a second: \(socket.pongsReceived)")
                let warned = frames.contains { if case .text(let text) = $0 { text.contains(#""rateLimited""#) } else { false } }
                #expect(warned, "the client is told rateLimited before the close")
                await socket.close()
            }
        }

        /// Without pings, so that nothing but the backlog decides: on a loaded machine the socket can take
        /// longer to fill than a ping timeout, and a spectator closed first would never be skipped.
        @Test func test_aSpectatorThatNeverReads_hasItsBacklogReplacedByASnapshot_andStays() async throws {
            try await Self.withSilentSpectator(pingInterval: nil) { server, matchID, spectator, capture in
                let skippedLine = { capture.all.contains { $0.metadata["reason"]?.contains("spectator too slow") == true } }
                // Every `sync` is answered with a `welcome`; the spectator reads none of them, so its socket
                // fills, then its queue: its backlog is replaced by one fresh snapshot, and it stays.
                let skipped = await Self.sendSyncs(to: spectator, rounds: 120, until: skippedLine)
                try #require(skipped, "the spectator's backlog was replaced once its queue was full")
                #expect(!capture.all.contains { $0.message == "connection closed" }, "a slow spectator is not closed")
                #expect(try await server.summary(of: matchID).spectators == 1)
                spectator.resumeReading()
                await spectator.close()
            }
        }

        @Test func test_aSpectatorThatNeverReads_isClosedByItsPingTimeout_andLetGoWithinTheCloseTimeoutOf1s() async throws {
            try await Self.withSilentSpectator(pingInterval: .seconds(1)) { _, _, spectator, capture in
                // It reads nothing, so it answers no ping, while `sync`s keep its socket full: the server
                // closes it (1001), a close that cannot be written to the full socket, and must let go of
                // the socket by itself within the close timeout (1 s) of that.
                let timedOut = { capture.all.contains { $0.metadata["reason"]?.contains("no answer to a ping") == true } }
                let pinged = await Self.sendSyncs(to: spectator, rounds: 60, until: timedOut)
                try #require(pinged, "a spectator that answers no ping is closed")
                // The close timeout is 1 s; the rest is a margin for a loaded machine.
                let closed = await eventually(within: .seconds(5)) {
                    capture.all.contains { $0.message == "connection closed" }
                }
                #expect(closed, "a spectator that never reads is let go after a bounded time")
                // Reading on lets the client's task end.
                spectator.resumeReading()
                await spectator.close()
            }
        }

        /// A server (no rate limit to speak of, a close timeout of 1 s) with one match and one spectator of it
        /// that reads nothing until `resumeReading()`, and the server's log.
        private static func withSilentSpectator(
            pingInterval: Duration?, _ body: (TestServer, String, RawWebSocket, LogCapture) async throws -> Void
        ) async throws {
            let capture = LogCapture()
            try await withTestServer(
                logger: capture.logger(),
                configure: {
                    $0.messagesPerSecond = 1_000_000
                    $0.webSocketCloseTimeout = .seconds(1)
                    $0.webSocketPingInterval = pingInterval
                }
            ) { server in
                let matchID = try await server.createMatch()
                let spectator = try await RawWebSocket.connect(port: server.port, matchID: matchID)
                #expect(try await eventually { try await server.summary(of: matchID).spectators == 1 })
                try await body(server, matchID, spectator, capture)
            }
        }

        /// Sends `sync`s, 500 at a time, to a client that reads none of the welcomes they bring, until
        /// `condition` holds (true) or `rounds` rounds of 500 ms have passed (false).
        private static func sendSyncs(to socket: RawWebSocket, rounds: Int, until condition: () -> Bool) async -> Bool {
            for _ in 0..<rounds {
                for _ in 0..<500 { socket.send(#"{"type":"sync"}"#) }
                if await eventually(within: .milliseconds(500), { condition() }) { return true }
            }
            return false
        }
    }
}
