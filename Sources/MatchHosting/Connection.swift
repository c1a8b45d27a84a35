import Synchronization
import WireProtocol

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
    /// The account the upgrade's session cookie signed in (issue 41); nil for a guest. Its `login` takes
    /// the account's name and seat.
    package let account: AccountPlayer?

    /// - Parameter wake: called when messages wait and the connection's writer is idle, with whether the
    ///   connection plays a seat (see `OutboundQueue`); a connection without a socket (a test's) can
    ///   leave it out and `take()` itself.
    package init(
        remoteAddress: String, queueLimit: Int, watchesOnly: Bool = false, account: AccountPlayer? = nil,
        wake: @escaping @Sendable (_ seated: Bool) -> Void = { _ in }
    ) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        queue = OutboundQueue(limit: queueLimit, wake: wake)
        self.remoteAddress = remoteAddress
        self.watchesOnly = watchesOnly
        self.account = account
    }

    /// Whether the connection plays a seat now, as its match last said: its writer runs before the
    /// audience's (`LoopWriters`).
    package var isSeated: Bool { queue.isSeated }
}
