import AsyncHTTPClient
import Foundation
import GridGames
import MatchWords
import NIOCore
import NIOSSL
import Testing
import WireProtocol

@testable import Server

/// HTTPS and `wss://` from the binary (issue 27, part 1), against the server in process with
/// certificates the test made.
@Suite("HTTPS and wss:// on the public port")
struct TLSServerTests {
    private func withTLSServer<Value>(
        _ certificates: TestCertificates, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (TestServer) async throws -> Value
    ) async throws -> Value {
        try await withTestServer(
            configure: { configuration in
                configuration.tlsCertificatePath = certificates.certificate
                configuration.tlsKeyPath = certificates.key
                configure(&configuration)
            }, body)
    }

    /// Runs `body` with a client that trusts the test's CA only, so that its requests check the
    /// certificate served; shuts the client down afterwards.
    private func withVerifyingClient(
        _ certificates: TestCertificates, maximumVersion: TLSVersion = .tlsv13, _ body: (HTTPClient) async throws -> Void
    ) async throws {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.tlsConfiguration = try certificates.clientConfiguration(maximumVersion: maximumVersion)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            try await body(client)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test func test_thePage_isServedOverHTTPS_withHSTS() async throws {
        try await TestCertificates.with { certificates in
            try await withTLSServer(certificates) { server in
                try await withVerifyingClient(certificates) { client in
                    let page = try await HTTP.request(port: server.port, "/", method: .GET, client: client, https: true)
                    #expect(page.status == 200)
                    #expect(page.body.contains("<html"))
                    #expect(page.headers.first(name: "strict-transport-security") == "max-age=31536000")
                    // Errors carry it too (the 404 page is made by a middleware inside HSTS's).
                    let missing = try await HTTP.request(port: server.port, "/no-such-page", method: .GET, client: client, https: true)
                    #expect(missing.status == 404)
                    #expect(missing.headers.first(name: "strict-transport-security") == "max-age=31536000")
                }
            }
        }
    }

    @Test func test_plainHTTP_hasNoHSTS() async throws {
        try await withTestServer { server in
            let page = try await HTTP.get(port: server.port, "/")
            #expect(page.status == 200)
            #expect(page.headers.first(name: "strict-transport-security") == nil, "HSTS over plain HTTP is ignored and misleading")
        }
    }

    @Test func test_plainHTTP_toTheHTTPSPort_getsA400SayingSo_notAHang() async throws {
        try await TestCertificates.with { certificates in
            try await withTLSServer(certificates) { server in
                let started = ContinuousClock.now
                let reply = try await HTTP.get(port: server.port, "/")
                #expect(reply.status == 400)
                #expect(reply.body.contains("https://"))
                #expect(ContinuousClock.now - started < .seconds(3))
            }
        }
    }

    @Test func test_TLS11_isRefused_TLS12_isServed() async throws {
        try await TestCertificates.with { certificates in
            try await withTLSServer(certificates) { server in
                try await withVerifyingClient(certificates, maximumVersion: .tlsv11) { old in
                    await #expect(throws: (any Error).self) {
                        _ = try await HTTP.request(port: server.port, "/healthz", method: .GET, client: old, https: true)
                    }
                }
                try await withVerifyingClient(certificates, maximumVersion: .tlsv12) { twelve in
                    let health = try await HTTP.request(port: server.port, "/healthz", method: .GET, client: twelve, https: true)
                    #expect(health.status == 200)
                }
            }
        }
    }

    @Test func test_aGame_isPlayedOverWSS() async throws {
        try await TestCertificates.with { certificates in
            try await withTLSServer(certificates) { server in
                var created: HTTP.Reply?
                try await withVerifyingClient(certificates) { client in
                    created = try await HTTP.request(port: server.port, "/api/matches", method: .POST, client: client, https: true)
                }
                guard let created, case .success(let match) = CreatedMatch.decode(created.body) else {
                    Issue.record("create over HTTPS: \(String(describing: created))")
                    return
                }
                let pair = try await server.seatedPair(matchID: match.matchId, tls: try certificates.clientConfiguration())
                pair.alice.send(.startGame(gameId: "ticTacToe"))
                #expect(try await pair.bob.nextBoard().turn == .player1)
                for (player, row, col) in [(pair.alice, 0, 0), (pair.bob, 1, 0), (pair.alice, 0, 1), (pair.bob, 1, 1), (pair.alice, 0, 2)] {
                    player.send(.move(row: row, col: col))
                    _ = try await pair.bob.nextBoard(last: WireMove(row: row, col: col, seat: player === pair.alice ? .player1 : .player2))
                }
                let over = try await pair.bob.next { if case .gameOver = $0 { true } else { false } }
                guard case .gameOver(let winner, _, _, _, _, _) = over else {
                    Issue.record("expected .gameOver, got \(over)")
                    return
                }
                #expect(winner == .player1)
            }
        }
    }

    @Test func test_theRedirectPort_answers308ToTheHTTPSURL() async throws {
        try await TestCertificates.with { certificates in
            try await withTLSServer(certificates, configure: { $0.redirectHTTPPort = 0 }) { server in
                let redirectPort = try #require(server.redirectPort)
                let reply = try await HTTP.get(port: redirectPort, "/match/abc?x=1", headers: [("Host", "localhost:\(redirectPort)")])
                #expect(reply.status == 308)
                #expect(reply.headers.first(name: "location") == "https://localhost:\(server.port)/match/abc?x=1")
                // A name the server does not answer for is refused, not redirected to.
                let foreign = try await HTTP.get(port: redirectPort, "/", headers: [("Host", "attacker.example")])
                #expect(foreign.status == 421)
            }
        }
    }

    @Test func test_theRedirect_leavesOutPort443() {
        #expect(
            HTTPSRedirect.Redirect.location(authority: "games.example.org:80", fallbackHost: "0.0.0.0", httpsPort: 443, path: "/?a=b")
                == "https://games.example.org/?a=b")
        #expect(
            HTTPSRedirect.Redirect.location(authority: nil, fallbackHost: "127.0.0.1", httpsPort: 8443, path: "/x")
                == "https://127.0.0.1:8443/x")
    }

    @Test func test_aReload_withABadPair_keepsTheOldOne() async throws {
        try await TestCertificates.with { certificates in
            let context = try ReloadableTLSContext(
                pair: CertificatePair(certificatePath: certificates.certificate, keyPath: certificates.key))
            let before = context.current
            try "garbage".write(toFile: certificates.certificate, atomically: true, encoding: .utf8)
            let capture = LogCapture()
            #expect(context.reload(logger: capture.logger()) == false)
            #expect(context.current === before)
            let logged = capture.all.map(\.line).joined(separator: "\n")
            #expect(logged.contains("error") && logged.contains("not reloaded") && logged.contains("--tls-cert"), "\(logged)")
        }
    }
}
