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
}
