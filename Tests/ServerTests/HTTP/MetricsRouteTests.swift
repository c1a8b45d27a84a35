import Foundation
import RawSocketSupport
import Testing

@testable import Server

/// `GET /metrics` is served on a listener of its own (`--metrics-address`), never on the public port
/// (issue 17, item 11), and works in a process that never bootstrapped swift-metrics (as every test server).
@Suite("Metrics route")
struct MetricsRouteTests {
    @Test func test_metrics_servesPrometheusTextOnItsOwnListener_only() async throws {
        try await withTestServer(configure: { $0.metricsAddress = ListenAddress(host: "127.0.0.1", port: 0) }) { server in
            let metricsPort = try #require(server.metricsPort)
            #expect(metricsPort != server.port)
            let reply = try await HTTP.get(port: metricsPort, "/metrics")
            #expect(reply.status == 200)
            #expect(reply.headers.first(name: "Content-Type")?.hasPrefix("text/plain") == true)
            let resident = reply.body.split(separator: "\n").first { $0.hasPrefix("process_resident_memory_bytes ") }
            #expect(resident.flatMap { Double($0.split(separator: " ")[1]) }.map { $0 > 0 } == true, "\(reply.body)")
            #expect(try await HTTP.get(port: server.port, "/metrics").status == 404, "the public port must not serve /metrics")
            #expect(try await HTTP.get(port: metricsPort, "/healthz").status == 404, "the metrics listener serves /metrics only")
            #expect(try await HTTP.get(port: metricsPort, "/").status == 404)
        }
    }

    @Test func test_byDefault_metricsAreServedNowhere_thePublicPortAnswers404() async throws {
        try await withTestServer { server in
            #expect(server.metricsPort == nil)
            let status = try await HTTP.get(port: server.port, "/metrics").status
            #expect(status == 404)
        }
    }

    /// In the real process, where swift-metrics is bootstrapped with Prometheus, with `--metrics-address`.
    @Test func test_closesForProtocolErrorsAndBadUTF8_areCountedUnderTheirOwnCodes() async throws {
        try await ServerLaunches.withDatabase { launches in
            let server = try await launches.start(arguments: ["--metrics-address", "127.0.0.1:0"])
            try await server.waitForLog("metrics on http://")
            let metricsPort = try #require(server.metricsPort)
            let matchID = try await server.createMatch()
            let unmasked = try await WireConnection.webSocket(port: server.port, matchID: matchID)
            unmasked.sendFrame(opcode: 0x1, masked: false, Array(#"{"type":"sync"}"#.utf8))
            #expect(try await unmasked.ending().closeCode == 1002)
            let badText = try await WireConnection.webSocket(port: server.port, matchID: matchID)
            badText.sendFrame(opcode: 0x1, [0xC3, 0x28])
            #expect(try await badText.ending().closeCode == 1007)
            let body = try await HTTP.get(port: metricsPort, "/metrics").body
            #expect(body.contains(#"tictactoe_closes_total{code="1002"} 1"#), "\(body)")
            #expect(body.contains(#"tictactoe_closes_total{code="1007"} 1"#), "\(body)")
            #expect(try await HTTP.get(port: server.port, "/metrics").status == 404)
            _ = try await server.terminate()
        }
    }
}
