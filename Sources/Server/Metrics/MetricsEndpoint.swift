import Foundation
import Hummingbird
import Prometheus

/// `GET /metrics`: the registry in the Prometheus text format, with the process's resident memory
/// and open file descriptors read at each scrape.
struct MetricsEndpoint: Sendable {
    let registry: PrometheusCollectorRegistry
    private let residentMemory: Prometheus.Gauge
    private let openDescriptors: Prometheus.Gauge

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        residentMemory = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "process", metricName: "resident_memory", unitName: "bytes",
                helpText: "Resident memory of the server process (VmRSS)."
            ))
        openDescriptors = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "process", metricName: "open", unitName: "fds", helpText: "File descriptors the server process holds."
            ))
    }

    func response() -> Response {
        if let resident = ProcessStatus.residentBytes() { residentMemory.set(Double(resident)) }
        if let count = ProcessStatus.openDescriptorCount() { openDescriptors.set(Double(count)) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer()))
        )
    }
}

/// What Linux's /proc says about this process (nil elsewhere).
enum ProcessStatus {
    /// VmRSS of this process, in bytes.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// How many file descriptors this process holds.
    static func openDescriptorCount() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map(\.count)
    }
}
