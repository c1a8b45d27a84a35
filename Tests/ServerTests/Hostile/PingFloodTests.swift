import Foundation
import Server
import Testing
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

        @Test func test_aSpectatorDroppedAsTooSlow_isDisconnectedWithinTheCloseTimeoutOf1s_withoutEverReading() async throws {
            let capture = LogCapture()
            try await withTestServer(logger: capture.logger(), configure: {
                $0.messagesPerSecond = 1_000_000
                $0.webSocketCloseTimeout = .seconds(1)
            }) { server in
                let matchID = try await server.createMatch()
                let spectator = try await RawWebSocket.connect(port: server.port, matchID: matchID)
                #expect(try await HostileTests.eventually { try await server.summary(of: matchID).spectators == 1 })
                let droppedLine = { capture.all.contains { $0.metadata["reason"]?.contains("spectator too slow") == true } }
                // Every `sync` is answered with a `welcome`; the spectator reads none of them, so its socket
                // fills, then its queue, and the host drops it with 1013, a close that cannot be written.
                var dropped = false
                for _ in 0..<40 where !dropped {
                    for _ in 0..<500 { spectator.send(#"{"type":"sync"}"#) }
                    dropped = await HostileTests.eventually(timeout: .milliseconds(500)) { droppedLine() }
                }
                try #require(dropped, "the spectator was dropped once its queue was full")
                // It still reads nothing: the server must let go of the socket by itself, within the close
                // timeout (1 s, plus a margin for a loaded machine) of the drop.
                let closed = await HostileTests.eventually(timeout: .seconds(4)) {
                    capture.all.contains { $0.message == "connection closed" }
                }
                #expect(closed, "the socket closed within the 1 s close timeout although the client never read")
                // Reading on lets the client's task end.
                spectator.resumeReading()
                await spectator.close()
            }
        }
    }
}
