/// Where the "Play someone now" queue comes from.
public protocol PairingQueueSource: Sendable {
    /// The "Play someone now" queue that goes with this store, keeping visitors for `times`: one for the
    /// process where the store is the process's own (memory, SQLite), one shared by every server on the
    /// database where it is shared (PostgreSQL). Called once, at start.
    func makePairingQueue(times: PairingQueueTimes) -> any PairingQueue
}
