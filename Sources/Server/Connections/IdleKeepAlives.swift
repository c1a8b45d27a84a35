/// Keep-alive HTTP connections waiting for their next request, oldest idle first.
///
/// A connection joins when it has answered every request it read and leaves when a new request starts
/// or it closes. Connections become idle in time order, so numbering them as they join keeps the queue
/// in order: the oldest is the smallest number still present, and the cursor that finds it only moves
/// forward (each number is passed once), so taking the oldest costs O(1) amortised.
struct IdleKeepAlives<Entry> {
    /// A place in the queue, to leave it by.
    struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    private var entries: [UInt64: Entry] = [:]
    private var next: UInt64 = 0
    /// No entry has a number below this.
    private var oldest: UInt64 = 0

    var count: Int { entries.count }

    /// Puts `entry` at the end of the queue (the most recently idle).
    mutating func append(_ entry: Entry) -> Ticket {
        defer { next += 1 }
        entries[next] = entry
        return Ticket(number: next)
    }

    /// Takes the entry of `ticket` out of the queue, if it is still there.
    @discardableResult
    mutating func remove(_ ticket: Ticket) -> Entry? {
        entries.removeValue(forKey: ticket.number)
    }

    /// Takes out the connection that has been idle longest.
    mutating func removeOldest() -> Entry? {
        while oldest < next {
            let number = oldest
            oldest += 1
            if let entry = entries.removeValue(forKey: number) { return entry }
        }
        return nil
    }
}
