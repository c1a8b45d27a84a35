/// Where the "Play someone now" queue comes from.
public protocol PairingQueueSource: Sendable {
    /// The "Play someone now" queue that goes with this store, keeping visitors for `times`: one for the
    /// process where the store is the process's own (memory, SQLite), one shared by every server on the
    /// database where it is shared (PostgreSQL). Called once, at start. `elapsed` is the server's clock
    /// (the time since a fixed origin), for a queue that keeps time itself; a shared queue keeps the
    /// database's time, the one every server agrees on.
    func makePairingQueue(times: PairingQueueTimes, elapsed: @escaping @Sendable () -> Duration) -> any PairingQueue
}

extension PairingQueueSource {
    /// The queue on the process's monotonic clock, for a caller with no clock of its own to give.
    public func makePairingQueue(times: PairingQueueTimes) -> any PairingQueue {
        makePairingQueue(times: times, elapsed: PairingQueueTimes.monotonicElapsed())
    }
}

extension PairingQueueTimes {
    /// The time since now on the process's monotonic clock: the queue's time when no clock is given.
    public static func monotonicElapsed() -> @Sendable () -> Duration {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }
}
