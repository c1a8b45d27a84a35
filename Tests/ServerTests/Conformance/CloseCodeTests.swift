import Foundation
import Testing
import WireProtocol

/// The close codes of docs/PROTOCOL.md as a WebSocket library client sees them (`TestClient`), with the
/// match's answer to a message of exactly the size limit. The upgrade's Origin check runs against the
/// transport alone (WebSocketTransportTests' `UpgradeAndPingTests`).
@Suite("Close codes and the upgrade")
struct CloseCodeTests {
    @Test func test_aFrameOver4096Bytes_closes1009() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            client.sendRaw(#"{"type":"login","name":""# + String(repeating: "a", count: 5000) + #""}"#)
            #expect(try await client.closeCode() == 1009)
        }
    }

    @Test func test_aFrameOfExactly4096Bytes_isAnswered() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let prefix = #"{"type":"login","name":""#
            client.sendRaw(prefix + String(repeating: "a", count: 4096 - prefix.utf8.count - 2) + #""}"#)
            #expect(try await client.nextError() == .badName)
        }
    }

    @Test func test_aBinaryFrame_closes1003() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            client.sendBinary([1, 2, 3])
            #expect(try await client.closeCode() == 1003)
        }
    }
}
