import Foundation
import RawSocketSupport
import Testing
import VirtualTime
import WireProtocol

@testable import Server

extension HostileTests {
    /// Issue 26: one client cannot take the server's connections. Every connection of an address counts
    /// against `--max-connections-per-address`, HTTP as well as WebSocket; near `--max-connections` the
    /// keep-alives idle longest are closed to make room; a request body must arrive within
    /// `--body-timeout`. The attacking clients connect from 127.0.0.2, the visitors from 127.0.0.1.
    @Suite("Hostile: HTTP connections per address, idle keep-alives, slow bodies")
    struct HTTPConnectionLimitTests {
        private static let attacker = "127.0.0.2"

        /// A keep-alive connection from `source` that has had one `GET /healthz` answered.
        private static func keepAlive(_ port: Int, from source: String) async throws -> (WireConnection, Int) {
            let connection = try await WireConnection.open(port: port, from: source)
            return (connection, try await connection.request("GET", "/healthz").status)
        }

        @Test func test_keepAlivesAndWebSocketsCountAlike_theFourthConnectionOfAnAddressIs429_andClosing1MakesRoom() async throws {
            try await withTestServer(configure: { $0.maxConnectionsPerAddress = 3 }) { server in
                let matchID = try await server.createMatch()
                let (first, firstStatus) = try await Self.keepAlive(server.port, from: Self.attacker)
                let (second, secondStatus) = try await Self.keepAlive(server.port, from: Self.attacker)
                #expect(firstStatus == 200 && secondStatus == 200)
                let socket = try await WireConnection.webSocket(port: server.port, matchID: matchID, from: Self.attacker)

                let fourth = try await WireConnection.open(port: server.port, from: Self.attacker)
                let refused = try await fourth.request("GET", "/healthz")
                #expect(refused.status == 429)
                #expect(
                    refused.body.contains("rateLimited") && refused.body.contains("Too many connections from your address"),
                    "\(refused.body)")
                _ = try await fourth.ending(timeout: .seconds(5))
                let upgrade = try await WireConnection.open(port: server.port, from: Self.attacker)
                #expect(try await upgrade.upgrade(path: "/ws/\(matchID)").status == 429, "a WebSocket counts with the same connections")

                #expect(try await HTTP.get(port: server.port, "/healthz").status == 200, "another address is not affected")
                #expect(try await first.request("GET", "/healthz").status == 200, "a connection let in keeps being served")
                await second.close()
                #expect(
                    try await eventually {
                        let (next, status) = try await Self.keepAlive(server.port, from: Self.attacker)
                        await next.close()
                        return status == 200
                    }, "a connection that closed gives its place back")
                await first.close()
                await socket.close()
                await upgrade.close()
            }
        }

        /// The issue's scenario, at a tenth of the scale: one address opens as many keep-alives as the
        /// server holds and sends one complete request on each; the server still answers everyone else.
        @Test func test_oneAddressOpeningEveryConnection_leavesTheServerAnsweringOthers() async throws {
            try await withTestServer(configure: {
                $0.maxConnections = 100
                $0.maxConnectionsPerAddress = 10
            }) { server in
                var held: [WireConnection] = []
                var statuses: [Int: Int] = [:]
                for _ in 0..<100 {
                    let connection = try await WireConnection.open(port: server.port, from: Self.attacker)
                    connection.send(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                    held.append(connection)
                }
                for connection in held {
                    let status = (try? await connection.nextReply()).map(\.status) ?? -1
                    statuses[status, default: 0] += 1
                }
                #expect(statuses[200] == 10, "the address's 10 are served: \(statuses)")
                #expect(statuses[200, default: 0] + statuses[429, default: 0] + statuses[-1, default: 0] == 100, "\(statuses)")
                let started = ContinuousClock.now
                #expect(try await HTTP.get(port: server.port, "/healthz").status == 200)
                let waited = ContinuousClock.now - started
                #expect(waited < .seconds(1), "another visitor waited \(waited)")
                for connection in held { await connection.close() }
            }
        }

        @Test func test_nearMaxConnections_theKeepAlivesIdleLongestAreClosedFirst_andANewVisitorIsServed() async throws {
            try await withTestServer(configure: {
                $0.maxConnections = 10
                $0.httpIdleTimeout = .seconds(60)
            }) { server in
                var keepAlives: [WireConnection] = []
                for index in 0..<10 {
                    let (connection, status) = try await Self.keepAlive(server.port, from: Self.attacker)
                    #expect(status == 200, "keep-alive \(index) was served, not queued")
                    keepAlives.append(connection)
                }
                #expect(await eventually { keepAlives[0].hasEnded }, "the oldest idle keep-alive was closed for room")
                let started = ContinuousClock.now
                let visitor = try await RawHTTP.exchange(port: server.port, path: "/healthz", headers: [("Connection", "close")])
                #expect(visitor.status == 200)
                let waited = ContinuousClock.now - started
                #expect(waited < .seconds(1), "the new visitor waited \(waited)")
                #expect(try await keepAlives[9].request("GET", "/healthz").status == 200, "the most recently used keep-alive is kept")
                for connection in keepAlives { await connection.close() }
            }
        }

        @Test func test_aConnectionInTheMiddleOfARequest_isNotClosedForRoom() async throws {
            try await withTestServer(configure: {
                $0.maxConnections = 4
                $0.bodyTimeout = .seconds(30)
            }) { server in
                // Two requests whose bodies are still coming: busy, never closed for room.
                var busy: [WireConnection] = []
                for _ in 0..<2 {
                    let connection = try await WireConnection.open(port: server.port, from: Self.attacker)
                    connection.send(Array("POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{".utf8))
                    busy.append(connection)
                }
                var idle: [WireConnection] = []
                for _ in 0..<3 {
                    let (connection, status) = try await Self.keepAlive(server.port, from: Self.attacker)
                    #expect(status == 200)
                    idle.append(connection)
                }
                try await Task.sleep(for: .milliseconds(300))
                #expect(!busy[0].hasEnded && !busy[1].hasEnded, "a request in progress is never closed for room")
                busy[0].send(Array("}".utf8))
                #expect(try await busy[0].nextReply().status == 201, "and it is answered once its body came")
                for connection in busy + idle { await connection.close() }
            }
        }

        @Test func test_aBodyThatNeverCompletes_andOneSentAByteAt200ms_are408AndClosedAfterTheBodyTimeoutOf1s() async throws {
            try await withTestServer(configure: {
                $0.bodyTimeout = .seconds(1)
                $0.httpIdleTimeout = .seconds(60)
            }) { server in
                let stalled = try await WireConnection.open(port: server.port)
                let dripping = try await WireConnection.open(port: server.port)
                let head = "POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                let started = ContinuousClock.now
                stalled.send(Array((head + "{").utf8))
                dripping.send(Array(head.utf8))
                let drip = Task {
                    for _ in 0..<50 {
                        try await Task.sleep(for: .milliseconds(200))
                        dripping.send([UInt8(ascii: " ")])
                    }
                }
                defer { drip.cancel() }
                for connection in [stalled, dripping] {
                    let reply = try await connection.nextReply()
                    #expect(reply.status == 408)
                    #expect(reply.body.contains("badMessage"), "\(reply.body)")
                    _ = try await connection.ending(timeout: .seconds(5))
                }
                let waited = ContinuousClock.now - started
                #expect(waited < .seconds(5), "closed \(waited) after the head, not after the idle timeout of 60 s")
                // The dripping body was blanks, which read as an empty body (a plain match) if the end of the
                // connection passed for the end of the body: the request must not be carried out.
                try await Task.sleep(for: .milliseconds(300))
                let lobby = try await HTTP.get(port: server.port, "/api/matches")
                guard case .success(let list) = MatchList.decode(lobby.body) else {
                    Issue.record("\(lobby.body)")
                    return
                }
                #expect(list.matches.isEmpty, "a request answered 408 created a match: \(list.matches)")
            }
        }

        @Test func test_aBodyThatArrivesInTime_isServed() async throws {
            try await withTestServer(configure: { $0.bodyTimeout = .seconds(1) }) { server in
                let connection = try await WireConnection.open(port: server.port)
                connection.send(Array("POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{".utf8))
                try await Task.sleep(for: .milliseconds(300))
                connection.send(Array("}".utf8))
                #expect(try await connection.nextReply().status == 201)
                // The deadline was the body's, not the connection's: a later request is served too.
                try await Task.sleep(for: .milliseconds(1200))
                #expect(try await connection.request("GET", "/healthz").status == 200)
                await connection.close()
            }
        }

        @Test func test_behindATrustedProxy_theProxyIsNotCounted_butEachForwardedClientIs() async throws {
            try await withTestServer(configure: {
                $0.maxConnectionsPerAddress = 2
                $0.trustedProxies = ["127.0.0.2"]
            }) { server in
                let matchID = try await server.createMatch()
                // The proxy (127.0.0.2) holds more connections than an address may.
                var proxyConnections: [WireConnection] = []
                for _ in 0..<4 {
                    let (connection, status) = try await Self.keepAlive(server.port, from: "127.0.0.2")
                    #expect(status == 200, "the proxy's own address is not counted")
                    proxyConnections.append(connection)
                }
                let forwarded = RawHTTP.upgradeHeaders + [("X-Forwarded-For", "203.0.113.7")]
                var sockets: [WireConnection] = []
                for _ in 0..<2 {
                    sockets.append(
                        try await WireConnection.webSocket(port: server.port, matchID: matchID, from: "127.0.0.2", headers: forwarded))
                }
                let third = try await proxyConnections[0].request("GET", "/healthz", headers: [("X-Forwarded-For", "203.0.113.7")])
                #expect(third.status == 429, "a request forwarded for a client holding 2 WebSockets is over its 2")
                let other = try await proxyConnections[1].request("GET", "/healthz", headers: [("X-Forwarded-For", "203.0.113.8")])
                #expect(other.status == 200, "another client behind the proxy is not affected")
                let upgrade = try await WireConnection.open(port: server.port, from: "127.0.0.2")
                #expect(try await upgrade.upgrade(path: "/ws/\(matchID)", headers: forwarded).status == 429)
                for connection in proxyConnections + sockets + [upgrade] { await connection.close() }
            }
        }
    }
}
