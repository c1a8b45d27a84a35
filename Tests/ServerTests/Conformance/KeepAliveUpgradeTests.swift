import Foundation
import RawSocketSupport
import Testing
import WireProtocol

/// RFC 9110 7.8 and RFC 6455 4.2: an upgrade may be asked for in any request of a persistent HTTP/1.1
/// connection, as clients that pool connections do (Node's `fetch` then `WebSocket`, aiohttp sessions).
/// Here the one that needs the app's route to create the match on that connection; the others run
/// against the transport alone (WebSocketTransportTests' `KeepAliveUpgradeTests`).
@Suite("RFC 6455 4.2: the upgrade on a keep-alive connection")
struct KeepAliveUpgradeTests {
    @Test func test_4_2_anUpgradeAfterPOSTingTheMatchOnTheSameConnection_switchesProtocols() async throws {
        try await withTestServer { server in
            let connection = try await WireConnection.open(port: server.port)
            let created = try await connection.request("POST", "/api/matches")
            #expect(created.status == 201)
            guard case .success(let match) = CreatedMatch.decode(created.body) else {
                Issue.record("not a created match: \(created.body)")
                return
            }
            let reply = try await connection.upgrade(path: "/ws/\(match.matchId)")
            #expect(reply.status == 101)
            #expect(reply.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
            try await connection.waitForMessages("welcome")
            connection.sendText(#"{"type":"login","name":"Ada"}"#)
            try await connection.waitForMessages("seated")
            // The closing handshake works on it as on any WebSocket.
            connection.sendFrame(opcode: 0x8, FrameBytes.closePayload(code: 1000))
            let ending = try await connection.ending()
            #expect(ending.closeCode == 1000)
        }
    }
}
