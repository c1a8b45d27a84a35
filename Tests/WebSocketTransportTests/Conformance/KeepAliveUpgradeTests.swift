import Foundation
import RawSocketSupport
import Testing

/// RFC 9110 7.8 and RFC 6455 4.2: an upgrade may be asked for in any request of a persistent HTTP/1.1
/// connection, as clients that pool connections do (Node's `fetch` then `WebSocket`, aiohttp sessions).
/// The requests before the upgrade go to the transport server's stand-in route (`/healthz`); the upgrade
/// after the app's own `POST /api/matches` is ServerTests' `KeepAliveUpgradeTests`.
@Suite("RFC 6455 4.2: the upgrade on a keep-alive connection")
struct KeepAliveUpgradeTests {
    @Test func test_4_2_anUpgradeAfterSeveralRequests_switchesProtocols() async throws {
        try await withTransportServer { server in
            let matchID = try await server.createMatch()
            let connection = try await WireConnection.open(port: server.port)
            for _ in 0..<3 { #expect(try await connection.request("GET", "/healthz").status == 200) }
            #expect(try await connection.upgrade(path: "/ws/\(matchID)").status == 101)
            try await connection.waitForMessages("welcome")
            connection.sendText(#"{"type":"sync"}"#)
            try await connection.waitForMessages("welcome", count: 2)
            await connection.close()
        }
    }

    @Test func test_4_2_framesSentWithTheUpgradeRequest_areRead_inTheFirstAndInALaterRequest() async throws {
        try await withTransportServer { server in
            let matchID = try await server.createMatch()
            let sync = FrameBytes.frame(opcode: 0x1, payload: Conformance.sync)
            let first = try await WireConnection.open(port: server.port)
            #expect(try await first.upgrade(path: "/ws/\(matchID)", extraBytes: sync).status == 101)
            try await first.waitForMessages("welcome", count: 2)
            let later = try await WireConnection.open(port: server.port)
            #expect(try await later.request("GET", "/healthz").status == 200)
            #expect(try await later.upgrade(path: "/ws/\(matchID)", extraBytes: sync).status == 101)
            try await later.waitForMessages("welcome", count: 2)
            await first.close()
            await later.close()
        }
    }

    @Test func test_4_2_aRefusedUpgradeInALaterRequest_carriesTheErrorBody_andCloses() async throws {
        try await withTransportServer { server in
            let connection = try await WireConnection.open(port: server.port)
            #expect(try await connection.request("GET", "/healthz").status == 200)
            let reply = try await connection.upgrade(path: "/ws/AAAAAAAAAAAA")
            #expect(reply.status == 404)
            #expect(reply.header("Connection") == "close")
            #expect(reply.header("X-Content-Type-Options") == "nosniff")
            let ending = try await connection.ending()
            #expect(ending.frames.isEmpty)
        }
    }

    @Test func test_4_2_anUpgradeFromAForeignOriginInALaterRequest_is403() async throws {
        try await withTransportServer { server in
            let matchID = try await server.createMatch()
            let connection = try await WireConnection.open(port: server.port)
            #expect(try await connection.request("GET", "/healthz").status == 200)
            let reply = try await connection.upgrade(
                path: "/ws/\(matchID)", headers: RawHTTP.upgradeHeaders + [("Origin", "https://evil.example.com")])
            #expect(reply.status == 403)
        }
    }

    @Test func test_4_2_anUpgradeElsewhereInALaterRequest_is400() async throws {
        try await withTransportServer { server in
            let connection = try await WireConnection.open(port: server.port)
            #expect(try await connection.request("GET", "/healthz").status == 200)
            #expect(try await connection.upgrade(path: "/healthz").status == 400)
        }
    }

    @Test func test_4_2_aConnectionUpgradedInALaterRequest_isClosed1001OnShutdown() async throws {
        var connection: WireConnection?
        try await withTransportServer { server in
            let matchID = try await server.createMatch()
            let opened = try await WireConnection.open(port: server.port)
            connection = opened
            #expect(try await opened.request("GET", "/healthz").status == 200)
            #expect(try await opened.upgrade(path: "/ws/\(matchID)").status == 101)
            try await opened.waitForMessages("welcome")
        }
        let ending = try await #require(connection).ending()
        #expect(ending.closeCode == 1001)
    }
}
