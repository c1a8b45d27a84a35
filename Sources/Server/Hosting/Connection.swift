import Synchronization

/// One WebSocket connection as a match host sees it: where to queue its messages, and who it is in logs.
final class Connection: Sendable {
    private static let nextID = Atomic<UInt64>(1)

    /// Unique in this process.
    let id: UInt64
    /// Messages waiting to be written to the socket.
    let queue: OutboundQueue
    /// The client's address, for logs and per-address limits.
    let remoteAddress: String

    init(remoteAddress: String, queueLimit: Int) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        queue = OutboundQueue(limit: queueLimit)
        self.remoteAddress = remoteAddress
    }
}
