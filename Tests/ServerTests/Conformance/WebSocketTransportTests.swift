import Foundation
import Testing
import WireProtocol

/// A plain request to a WebSocket address: the app's route for it answers. The rest of the transport's
/// tests run against the transport alone (WebSocketTransportTests' `UpgradeAndPingTests`).
@Suite("WebSocket transport")
struct WebSocketTransportTests {
    @Test func test_aPlainGETOfAWebSocketAddress_is426ForAMatch_404ForNoMatch() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let known = try await HTTP.get(port: server.port, "/ws/\(matchID)")
            #expect(known.status == 426)
            guard case .success(let body) = ErrorBody.decode(known.body) else {
                Issue.record("not an error body: \(known.body)")
                return
            }
            #expect(body.error.code == .badMessage)
            #expect(known.headers.first(name: "X-Content-Type-Options") == "nosniff")
            #expect(try await HTTP.get(port: server.port, "/ws/AAAAAAAAAAAA").status == 404)
        }
    }
}
