import Foundation
import NIOCore
import RawSocketSupport
import Server
import Synchronization
import Testing

extension HostileTests {
    /// Issue 17, item 1: no connection is held for ever. A connection must send its first request within
    /// the handshake timeout, a keep-alive connection is closed after the HTTP idle timeout, the server
    /// holds at most `maxConnections` at once, and an idle socket does not hold up a shutdown.
    @Suite("Hostile: connection timeouts and caps")
    struct ConnectionTimeoutTests {
        @Test func test_anIdleSocket_andASlowlorisHead_areClosedWithinTheHandshakeTimeoutOf1s() async throws {
            try await withTestServer(configure: { $0.handshakeTimeout = .seconds(1) }) { server in
                let idle = try await WireConnection.open(port: server.port)
                let slowloris = try await WireConnection.open(port: server.port)
                let dripping = Task {
                    // A head that never ends: one more header line every 200 ms.
                    slowloris.send(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
                    for index in 0..<50 {
                        try await Task.sleep(for: .milliseconds(200))
                        slowloris.send(Array("X-Drip-\(index): 1\r\n".utf8))
                    }
                }
                defer { dripping.cancel() }
                // Bound: the handshake timeout (1 s) plus a margin for a loaded machine; the drip goes on for 10 s.
                _ = try await idle.ending(timeout: .seconds(6))
                _ = try await slowloris.ending(timeout: .seconds(6))
                #expect(try await HTTP.get(port: server.port, "/healthz").status == 200)
            }
        }

        @Test func test_aKeepAliveConnectionWithoutARequest_isClosedAfterTheHTTPIdleTimeoutOf1s() async throws {
            try await withTestServer(configure: {
                $0.httpIdleTimeout = .seconds(1)
                $0.handshakeTimeout = .seconds(30)
            }) { server in
                let connection = try await WireConnection.open(port: server.port)
                #expect(try await connection.request("GET", "/healthz").status == 200)
                // Bound: the idle timeout (1 s) plus a margin, far below the handshake timeout (30 s).
                _ = try await connection.ending(timeout: .seconds(6))
            }
        }

        @Test func test_theServerHoldsAtMost2Connections_theThirdIsServedOnceOneCloses() async throws {
            try await withTestServer(configure: {
                $0.maxConnections = 2
                $0.handshakeTimeout = .seconds(60)
                // The test HTTP client's pooled connection (from waiting for the start) goes at once.
                $0.httpIdleTimeout = .milliseconds(100)
            }) { server in
                try await Task.sleep(for: .milliseconds(500))
                // Two connections that send nothing hold both places (the handshake timeout is 60 s).
                let first = try await WireConnection.open(port: server.port)
                let second = try await WireConnection.open(port: server.port)
                let answered = AnsweredFlag()
                let third = Task {
                    let reply = try await RawHTTP.exchange(port: server.port, path: "/healthz")
                    answered.set()
                    return reply
                }
                // Not accepted while two are held (a generous wait: it must still be waiting after it).
                try await Task.sleep(for: .milliseconds(500))
                #expect(!answered.isSet, "a third connection is not served while 2 are held")
                await first.close()
                let reply = try await third.value
                #expect(reply.status == 200, "the third connection is served once one of the 2 closed")
                await second.close()
            }
        }

        @Test func test_sigtermWithAnIdleSocketOpen_exits0Within5s_notAfterTheHandshakeTimeoutOf60s() async throws {
            try await ServerLaunches.withDatabase { launches in
                let server = try await launches.start(arguments: ["--handshake-timeout", "60"])
                let idle = try await WireConnection.open(port: server.port)
                let halfSent = try await WireConnection.open(port: server.port)
                halfSent.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
                #expect(try await HTTP.get(port: server.port, "/healthz").status == 200)
                let exit = try await server.terminate(timeout: .seconds(5))
                #expect(exit == ServerProcess.Exit(status: 0, bySignal: false), "\(server.log)")
                await idle.close()
                await halfSent.close()
            }
        }
    }
}

/// Set once something happened, read from another task.
private final class AnsweredFlag: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
