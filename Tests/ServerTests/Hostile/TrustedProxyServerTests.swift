import RawSocketSupport
import Testing
import VirtualTime

@testable import Server

extension HostileTests {
    /// Issue 14, item 3, on the live server: `X-Forwarded-For` and `X-Forwarded-Host` count only from a
    /// peer named by `--trusted-proxy` (here the test's own address, 127.0.0.1, plays the proxy).
    @Suite("Trusted proxies, live")
    struct TrustedProxyServerTests {
        private static func create(_ port: Int, headers: [(String, String)]) async throws -> Int {
            try await RawHTTP.exchange(port: port, method: "POST", path: "/api/matches", headers: headers + [("Connection", "close")])
                .status
        }

        @Test func test_withoutTheOption_aSpoofedForwardedFor_doesNotEscapeThePerAddressLimit() async throws {
            try await withTestServer(configure: { $0.matchesPerAddressPerMinute = 2 }) { server in
                var statuses: [Int] = []
                for spoofed in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
                    statuses.append(try await Self.create(server.port, headers: [("X-Forwarded-For", spoofed)]))
                }
                #expect(statuses == [201, 201, 429], "every request is the peer's, 127.0.0.1")
            }
        }

        @Test func test_behindATrustedProxy_eachForwardedClientHasItsOwnLimit_andIsTheAddressLogged() async throws {
            let capture = LogCapture()
            try await withTestServer(
                logger: capture.logger(),
                configure: {
                    $0.matchesPerAddressPerMinute = 1
                    $0.trustedProxies = ["127.0.0.1"]
                }
            ) { server in
                // The client spoofs an address; the proxy appends the one it saw: the limit counts that one.
                let first = [("X-Forwarded-For", "198.51.100.77, 203.0.113.1")]
                #expect(try await Self.create(server.port, headers: first) == 201)
                #expect(try await Self.create(server.port, headers: [("X-Forwarded-For", "198.51.100.78, 203.0.113.1")]) == 429)
                #expect(try await Self.create(server.port, headers: [("X-Forwarded-For", "203.0.113.2")]) == 201, "another client")
                let refusal = capture.all.first { $0.metadata["reason"]?.contains("429") == true }
                #expect(refusal?.metadata["address"] == "203.0.113.1", "\(refusal?.line ?? "no refusal logged")")

                // The WebSocket's connection is logged with the forwarded client too.
                let matchID = try await server.createMatch()
                let upgrade = RawHTTP.upgradeHeaders + [("X-Forwarded-For", "2001:db8::5")]
                #expect(try await RawHTTP.status(port: server.port, path: "/ws/\(matchID)", headers: upgrade) == 101)
                #expect(
                    try await eventually {
                        capture.all.contains { $0.message == "connection opened" && $0.metadata["address"] == "2001:db8::5" }
                    })
            }
        }

        @Test func test_theForwardedHost_countsForTheHostAndOriginChecks_onlyFromATrustedPeer() async throws {
            // The proxy reaches the server by its address; the visitor's page is https://games.example.org.
            let visitor = [("X-Forwarded-Host", "games.example.org"), ("Origin", "https://games.example.org")]
            let upgrade = RawHTTP.upgradeHeaders
            for trusted in [false, true] {
                try await withTestServer(configure: {
                    $0.allowedHosts = ["games.example.org"]
                    if trusted { $0.trustedProxies = ["127.0.0.0/8"] }
                }) { server in
                    let matchID = try await server.createMatch()
                    let created = try await Self.create(server.port, headers: visitor)
                    let opened = try await RawHTTP.status(port: server.port, path: "/ws/\(matchID)", headers: visitor + upgrade)
                    // Untrusted: the Origin is compared with Host (127.0.0.1), a foreign origin.
                    #expect(created == (trusted ? 201 : 403), "trusted \(trusted)")
                    #expect(opened == (trusted ? 101 : 403), "trusted \(trusted)")

                    // A forwarded host the server does not answer for: refused (421) from a trusted
                    // peer; from an untrusted one the header is ignored and Host (an address) answered.
                    let rebound = [("X-Forwarded-Host", "attacker.example"), ("Connection", "close")]
                    let page = try await RawHTTP.exchange(port: server.port, path: "/", headers: rebound)
                    #expect(page.status == (trusted ? 421 : 200), "trusted \(trusted)")
                    let socket = try await RawHTTP.status(port: server.port, path: "/ws/\(matchID)", headers: rebound.dropLast() + upgrade)
                    #expect(socket == (trusted ? 421 : 101), "trusted \(trusted)")
                }
            }
        }
    }
}
