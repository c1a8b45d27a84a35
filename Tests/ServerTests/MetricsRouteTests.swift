import Foundation
import Testing

/// `GET /metrics` works in a process that never bootstrapped swift-metrics (as every test server).
@Suite("Metrics route")
struct MetricsRouteTests {
    @Test func test_metrics_servesPrometheusTextWithoutBootstrap() async throws {
        try await withTestServer { server in
            let reply = try await HTTP.get(port: server.port, "/metrics")
            #expect(reply.status == 200)
            #expect(reply.headers.first(name: "Content-Type")?.hasPrefix("text/plain") == true)
            let resident = reply.body.split(separator: "\n").first { $0.hasPrefix("process_resident_memory_bytes ") }
            #expect(resident.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "\(reply.body)")
        }
    }

    /// In the real process, where swift-metrics is bootstrapped with Prometheus.
    @Test func test_closesForProtocolErrorsAndBadUTF8_areCountedUnderTheirOwnCodes() async throws {
        try await ServerLaunches.withDatabase { launches in
            let server = try await launches.start()
            let matchID = try await server.createMatch()
            let unmasked = try await WireConnection.webSocket(port: server.port, matchID: matchID)
            unmasked.sendFrame(opcode: 0x1, masked: false, Conformance.sync)
            #expect(try await unmasked.ending().closeCode == 1002)
            let badText = try await WireConnection.webSocket(port: server.port, matchID: matchID)
            badText.sendFrame(opcode: 0x1, [0xC3, 0x28])
            #expect(try await badText.ending().closeCode == 1007)
            let body = try await HTTP.get(port: server.port, "/metrics").body
            #expect(body.contains(#"tictactoe_closes_total{code="1002"} 1"#), "\(body)")
            #expect(body.contains(#"tictactoe_closes_total{code="1007"} 1"#), "\(body)")
            _ = try await server.terminate()
        }
    }
}
