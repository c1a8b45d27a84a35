import Synchronization

/// One WebSocket connection as a match host sees it: where to queue its messages, and who it is in logs.
package final class Connection: Sendable {
    private static let nextID = Atomic<UInt64>(1)

    /// Unique in this process.
    package let id: UInt64
    /// Messages waiting to be written to the socket.
    package let queue: OutboundQueue
    /// The client's address, for logs and per-address limits.
    package let remoteAddress: String
    /// Opened to watch only (`/ws/{id}?watch=1`): a spectator that can never take a seat.
    package let watchesOnly: Bool

    /// - Parameter wake: called when messages wait and the connection's writer is idle (see
    ///   `OutboundQueue`); a connection without a socket (a test's) can leave it out and `take()` itself.
    package init(remoteAddress: String, queueLimit: Int, watchesOnly: Bool = false, wake: @escaping @Sendable () -> Void = {}) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        queue = OutboundQueue(limit: queueLimit, wake: wake)
        self.remoteAddress = remoteAddress
        self.watchesOnly = watchesOnly
    }
}
