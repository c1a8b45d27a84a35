import Foundation
import Testing
import WireProtocol

/// The close codes and the upgrade checks of docs/PROTOCOL.md.
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

    @Test func test_upgradeFromAForeignOrigin_is403_ownHostAndConfiguredOriginsAreAllowed() async throws {
        try await withTestServer(configure: { $0.allowedOrigins = ["https://games.example.org"] }) { server in
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
