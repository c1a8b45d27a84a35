import RawSocketSupport
import Testing
import WireProtocol

@testable import Server
@testable import WebSocketTransport

/// Issue 17, item 8: a page of another site cannot create matches on a visitor's behalf, and a name
/// rebound to this server (DNS rebinding: `Host` and `Origin` both the attacker's) is not answered.
@Suite("Host and Origin")
struct HostAndOriginTests {
    private static let upgrade = RawHTTP.upgradeHeaders

    @Test func test_createMatch_fromAForeignOrigin_is403_ownHostConfiguredOriginOrNoOriginIs201() async throws {
        try await withTestServer(configure: { $0.allowedOrigins = ["https://games.example.org"] }) { server in
            let foreign = try await RawHTTP.exchange(
                port: server.port, method: "POST", path: "/api/matches",
                headers: [("Origin", "https://evil.example.com"), ("Connection", "close")])
            #expect(foreign.status == 403)
            #expect(foreign.body.contains(#""code":"badMessage""#), "\(foreign.body)")
            let listed = try await HTTP.get(port: server.port, "/api/matches")
            guard case .success(let list) = MatchList.decode(listed.body) else {
                Issue.record("\(listed.body)")
                return
            }
            #expect(list.matches.isEmpty, "a refused creation stores no match")
            for origin in ["http://127.0.0.1:\(server.port)", "https://games.example.org", nil] {
                let headers = [("Connection", "close")] + (origin.map { [("Origin", $0)] } ?? [])
                let created = try await RawHTTP.exchange(port: server.port, method: "POST", path: "/api/matches", headers: headers)
                #expect(created.status == 201, "Origin \(origin ?? "none"): \(created.status)")
            }
        }
    }

    @Test func test_rebinding_hostAndOriginBothTheAttackers_is421_onPagesApiAndUpgrade() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let attacker = "attacker.example:\(server.port)"
            let rebound = [("Host", attacker), ("Origin", "http://\(attacker)"), ("Connection", "close")]
            for (method, path, extra) in [
                ("GET", "/", [(String, String)]()), ("GET", "/m/\(matchID)", []), ("GET", "/api/matches", []), ("POST", "/api/matches", []),
                ("GET", "/ws/\(matchID)", Self.upgrade), ("GET", "/healthz", []),
            ] {
                let reply = try await RawHTTP.exchange(port: server.port, method: method, path: path, headers: rebound + extra)
                #expect(reply.status == 421, "\(method) \(path): \(reply.status)")
                #expect(reply.body.contains(#""code":"badMessage""#), "\(method) \(path): \(reply.body)")
            }
            // The names a loopback server is reached by are answered.
            for host in ["localhost:\(server.port)", "127.0.0.1:\(server.port)", "[::1]:\(server.port)", "LOCALHOST.", "app.localhost"] {
                let page = try await RawHTTP.exchange(port: server.port, path: "/", headers: [("Host", host), ("Connection", "close")])
                #expect(page.status == 200, "Host \(host): \(page.status)")
            }
            let own = [("Host", "localhost:\(server.port)"), ("Origin", "http://localhost:\(server.port)")]
            #expect(try await RawHTTP.status(port: server.port, path: "/ws/\(matchID)", headers: own + Self.upgrade) == 101)
        }
    }

    @Test func test_configuredHostName_isAnswered_othersAreNot() async throws {
        try await withTestServer(configure: { $0.allowedHosts = ["games.example.org"] }) { server in
            let allowed = try await RawHTTP.exchange(
                port: server.port, path: "/", headers: [("Host", "Games.Example.org:443"), ("Connection", "close")])
            #expect(allowed.status == 200)
            let other = try await RawHTTP.exchange(
                port: server.port, path: "/", headers: [("Host", "example.org"), ("Connection", "close")])
            #expect(other.status == 421)
        }
    }

    @Test func test_hostPolicy_defaults() {
        let wildcard = HostPolicy(bindHost: "0.0.0.0", allowedHosts: [], allowedOrigins: [])
        #expect(wildcard.allows(authority: "anything.example:8080"), "bound to every address, any name is answered")
        let loopback = HostPolicy(bindHost: "127.0.0.1", allowedHosts: [], allowedOrigins: ["https://games.example.org:8443"])
        #expect(loopback.allows(authority: "games.example.org"), "an allowed origin's host is answered")
        #expect(loopback.allows(authority: "10.0.0.7:8080"), "an address is answered")
        #expect(loopback.allows(authority: nil), "no Host: not a browser")
        #expect(!loopback.allows(authority: "127.0.0.1.attacker.example"))
        #expect(!loopback.allows(authority: "localhost.attacker.example"))
        let ipv6 = HostPolicy(bindHost: "::1", allowedHosts: [], allowedOrigins: [])
        #expect(!ipv6.allows(authority: "evil.example"))
        let any = HostPolicy(bindHost: "127.0.0.1", allowedHosts: ["*"], allowedOrigins: [])
        #expect(any.allows(authority: "evil.example"))
    }
}
