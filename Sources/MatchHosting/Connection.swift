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
    /// Whether the connection plays a seat now, as its match last said: its writer runs before the
    /// audience's (`LoopWriters`).
    package let seated: SeatFlag

    /// - Parameter wake: called when messages wait and the connection's writer is idle (see
    ///   `OutboundQueue`); a connection without a socket (a test's) can leave it out and `take()` itself.
    ///   `seated` is made by the caller when `wake` reads it (the wake-up must not hold the connection).
    package init(
        remoteAddress: String, queueLimit: Int, watchesOnly: Bool = false, account: AccountPlayer? = nil, seated: SeatFlag = SeatFlag(),
        wake: @escaping @Sendable () -> Void = {}
    ) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        queue = OutboundQueue(limit: queueLimit, wake: wake)
        self.remoteAddress = remoteAddress
        self.watchesOnly = watchesOnly
        self.account = account
        self.seated = seated
    }
}

/// Whether a connection plays a seat: set by its match's host, read by its writer's wake-up on any thread.
package final class SeatFlag: Sendable {
    private let value = Atomic<Bool>(false)

    package init() {}

    package var isSet: Bool { value.load(ordering: .relaxed) }

    func set(_ seated: Bool) {
        value.store(seated, ordering: .relaxed)
    }
}
