import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import WireProtocol

/// The bench's HTTP side: health check, match creation, and the server's `/metrics`.
struct ControlClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let client: HTTPClient
    let baseURL: String
    /// Where the server serves `/metrics` (its own listener), if anywhere.
    let metricsURL: String?

    init(baseURL: String, metricsURL: String?, tls: Bool, eventLoopGroup: any EventLoopGroup) {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        if tls { configuration.tlsConfiguration = BenchTLS.clientConfiguration }
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 16)
        client = HTTPClient(eventLoopGroupProvider: .shared(eventLoopGroup), configuration: configuration)
        self.baseURL = baseURL
        self.metricsURL = metricsURL
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// Waits up to `timeout` seconds for `/healthz` to answer 200.
    func waitUntilHealthy(timeout: Double) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var last = "no answer"
        while ContinuousClock.now < deadline {
            do {
                let (status, body) = try await request("/healthz", method: .GET)
                if status == 200 { return }
                last = "\(status) \(body)"
            } catch {
                last = "\(error)"
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "the server at \(baseURL) is not healthy: \(last)")
    }

    /// `POST /api/matches` with `body` (none for a plain match), signed in with `session` if given: the
    /// new match's id.
    func createMatch(body requestBody: String? = nil, session: String? = nil) async throws -> String {
        let (status, body) = try await request(url: baseURL + "/api/matches", method: .POST, body: requestBody, session: session)
        guard status == 201, case .success(let created) = CreatedMatch.decode(body) else {
            if status == 429 {
                throw Failure(description: "match creation refused (429 rateLimited): start the server with a higher --matches-per-minute")
            }
            throw Failure(description: "POST /api/matches answered \(status): \(body)")
        }
        return created.matchId
    }

    /// The text of `GET /metrics`, or nil when the server does not serve it (or no `--metrics-port` was given).
    func metrics() async -> String? {
        guard let metricsURL, let (status, body) = try? await request(url: metricsURL, method: .GET), status == 200 else { return nil }
        return body
    }

    private func request(_ path: String, method: HTTPMethod) async throws -> (Int, String) {
        try await request(url: baseURL + path, method: method)
    }

    private func request(url: String, method: HTTPMethod, body: String? = nil, session: String? = nil) async throws -> (Int, String) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let session { request.headers.add(name: "Cookie", value: "session=\(session)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 24)
        return (Int(response.status.code), String(buffer: body))
    }
}

/// Values of the Prometheus text format, read by metric name (labels included, as written).
enum PrometheusText {
    /// The value of the first sample named exactly `name` (with no labels), if any.
    static func value(of name: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count >= 2, parts[0] == name { return Double(parts[1]) }
        }
        return nil
    }
}

/// Reads the server's resident memory: VmRSS from /proc when its pid is known, else
/// `process_resident_memory_bytes` from its /metrics.
struct ServerMemoryProbe: Sendable {
    let pid: Int32?
    let control: ControlClient

    var source: String { pid.map { "/proc/\($0)/status VmRSS" } ?? "GET /metrics process_resident_memory_bytes" }

    /// Resident bytes now, or nil when neither source answers.
    func residentBytes() async -> Int? {
        if let pid { return ProcessProbe.residentBytes(pid) }
        guard let text = await control.metrics() else { return nil }
        return PrometheusText.value(of: "process_resident_memory_bytes", in: text).map { Int($0) }
    }
}
