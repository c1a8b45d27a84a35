import Foundation
import RawSocketSupport
import Testing
import VirtualTime
import WireProtocol

/// The WebSocket transport on its NIO handlers: the sessions' pings, the upgrade's refusals and its
/// Origin check. The plain `GET` of a WebSocket address is a route of the app (ServerTests'
/// `WebSocketTransportTests`).
@Suite("WebSocket transport: pings and the upgrade")
struct UpgradeAndPingTests {
    @Test func test_pings_aClientThatAnswersStaysOpen_oneThatNeverAnswersIsClosed1001() async throws {
        // Half a second: a pong must come back within one interval, and the whole suite runs in parallel
        // on two cores, where a test client's task can wait a few hundred milliseconds for its turn.
        try await withTransportServer(configure: { $0.pingInterval = .milliseconds(500) }) { server in
            let matchID = try await server.createMatch()
            // Each reads from the start: a client that reads nothing until the other has connected would
            // miss a ping when connecting takes longer than the interval (as on a loaded machine).
            let answering = try await RawWebSocket.connect(port: server.port, matchID: matchID)
            answering.resumeReading()
            let silent = try await RawWebSocket.connect(port: server.port, matchID: matchID, answersPings: false)
            silent.resumeReading()

            // The silent one is pinged, then closed at the next ping; the other one hears nothing of it.
            let frames = try await silent.waitFor(timeout: .seconds(5)) { $0.contains { if case .close = $0 { true } else { false } } }
            #expect(frames.last == .close(code: 1001))
            #expect(silent.pingsReceived >= 1)
            #expect(await eventually { answering.pingsReceived >= 3 }, "pinged \(answering.pingsReceived) times")
            #expect(!answering.frames.contains { if case .close = $0 { true } else { false } })
            // ...and is still served.
            answering.send(ClientMessage.sync.encoded())
            let welcomes = try await answering.waitFor { frames in
                frames.filter { if case .text(let text) = $0 { text.contains(#""type":"welcome""#) } else { false } }.count >= 2
            }
            #expect(!welcomes.isEmpty)
            await answering.close()
            await silent.close()
        }
    }

    @Test func test_aRefusedUpgrade_carriesTheErrorBodyAndTheSecurityHeaders() async throws {
        try await withTransportServer { server in
            let reply = try await RawHTTP.exchange(port: server.port, path: "/ws/AAAAAAAAAAAA", headers: RawHTTP.upgradeHeaders)
            #expect(reply.status == 404)
            #expect(reply.header("X-Content-Type-Options") == "nosniff")
            #expect(reply.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
            #expect(reply.header("Connection") == "close")
            guard case .success(let body) = ErrorBody.decode(reply.body) else {
                Issue.record("not an error body: \(reply.body)")
                return
            }
            #expect(body.error.code == .matchNotFound)
        }
    }

    @Test func test_anUpgradeRequestToAnAddressThatIsNoWebSocket_is400WithTheErrorBody() async throws {
        try await withTransportServer { server in
            for path in ["/healthz", "/ws/", "/ws/a/b", "/"] {
                let reply = try await RawHTTP.exchange(port: server.port, path: path, headers: RawHTTP.upgradeHeaders)
                #expect(reply.status == 400, "\(path)")
                guard case .success(let body) = ErrorBody.decode(reply.body) else {
                    Issue.record("not an error body for \(path): \(reply.body)")
                    continue
                }
                #expect(body.error.code == .badMessage)
            }
            // The server goes on answering.
            #expect(try await RawHTTP.exchange(port: server.port, path: "/healthz").status == 200)
        }
    }

    @Test func test_upgradeFromAForeignOrigin_is403_ownHostAndConfiguredOriginsAreAllowed() async throws {
        try await withTransportServer(configure: { $0.allowedOrigins = ["https://games.example.org"] }) { server in
            let matchID = try await server.createMatch()
            let upgrade = RawHTTP.upgradeHeaders
            let path = "/ws/\(matchID)"
            #expect(
                try await RawHTTP.status(port: server.port, path: path, headers: upgrade + [("Origin", "https://evil.example.com")]) == 403)
            #expect(
                try await RawHTTP.status(port: server.port, path: path, headers: upgrade + [("Origin", "http://127.0.0.2:\(server.port)")])
                    == 403)
            #expect(
                try await RawHTTP.status(port: server.port, path: path, headers: upgrade + [("Origin", "http://127.0.0.1:\(server.port)")])
                    == 101)
            #expect(
                try await RawHTTP.status(port: server.port, path: path, headers: upgrade + [("Origin", "https://games.example.org")]) == 101
            )
            #expect(try await RawHTTP.status(port: server.port, path: path, headers: upgrade) == 101)
        }
    }
}
