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

    /// - Parameter wake: called when messages wait and the connection's writer is idle (see
    ///   `OutboundQueue`); a connection without a socket (a test's) can leave it out and `take()` itself.
    init(remoteAddress: String, queueLimit: Int, wake: @escaping @Sendable () -> Void = {}) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        queue = OutboundQueue(limit: queueLimit, wake: wake)
        self.remoteAddress = remoteAddress
    }
}
