import Logging
import Synchronization

/// Collects what a logger logs, for tests that read the server's logs.
final class LogCapture: Sendable {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]

        /// The whole record as one line, as a log handler might print it.
        var line: String {
            "\(level) \(message) " + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.records.withLock {
                $0.append(Record(level: event.level, message: event.message.description, metadata: merged.mapValues { "\($0)" }))
            }
        }
    }

    private let records = Mutex<[Record]>([])

    /// A logger that records everything, at every level.
    func logger(label: String = "captured") -> Logger {
        var logger = Logger(label: label) { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    var all: [Record] { records.withLock { $0 } }
}
