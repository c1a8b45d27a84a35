/// The connections let in above a match's connection cap for players coming back, as a value given the
/// time: which are waiting, since when, and the deadline by which each must have taken a seat. The host
/// closes the connections it hands back and sets the deadlines it returns.
struct Claimants {
    private var waiting: [UInt64: (connection: Connection, since: HostClock.Instant)] = [:]

    var isEmpty: Bool { waiting.isEmpty }

    /// `connection` waits for a seat until `timeout` from `now`. When as many wait as there are seats
    /// waiting for players, the oldest make room first: returned, to close, with the deadlines to change.
    mutating func admit(
        _ connection: Connection, seatsWaiting: Int, timeout: Duration, at now: Moment
    ) -> (replaced: [Connection], deadlines: [DeadlineChange]) {
        var replaced: [Connection] = []
        var deadlines: [DeadlineChange] = []
        while waiting.count >= seatsWaiting, let oldest = waiting.min(by: { $0.value.since < $1.value.since }) {
            waiting[oldest.key] = nil
            replaced.append(oldest.value.connection)
            deadlines.append(.cancel(.claimant(connection: oldest.key)))
        }
        waiting[connection.id] = (connection, now.instant)
        deadlines.append(.set(.claimant(connection: connection.id), at: now.instant + timeout))
        return (replaced, deadlines)
    }

    /// Connection `id` took its seat or left: it waits no more. The deadline to cancel, if it waited.
    mutating func settle(_ id: UInt64) -> DeadlineChange? {
        waiting.removeValue(forKey: id).map { _ in .cancel(.claimant(connection: id)) }
    }

    /// Connection `id`'s deadline came: it took no seat in time. The connection, to close.
    mutating func expire(_ id: UInt64) -> Connection? {
        waiting.removeValue(forKey: id)?.connection
    }

    mutating func removeAll() { waiting = [:] }
}
