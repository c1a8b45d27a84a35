/// Keep-alive HTTP connections waiting for their next request, oldest idle first.
///
/// A connection joins when it has answered every request it read and leaves when a new request starts
/// or it closes. Connections become idle in time order, so numbering them as they join keeps the queue
/// in order: the oldest is the smallest number still present. A cursor below which no entry is left
/// only moves forward, over each number once, whether entries leave by `remove` or `removeOldest`, so
/// both cost O(1) amortised and taking the oldest never walks a long run of numbers at once.
package struct IdleKeepAlives<Entry> {
    package typealias Ticket = IdleKeepAliveTicket

    private var entries: [UInt64: Entry] = [:]
    private var next: UInt64 = 0
    /// No entry has a number below this; the entry at it, if any, is the oldest.
    private var oldest: UInt64 = 0

    package var count: Int { entries.count }

    /// Puts `entry` at the end of the queue (the most recently idle).
    package mutating func append(_ entry: Entry) -> Ticket {
        defer { next += 1 }
        entries[next] = entry
        return Ticket(number: next)
    }

    /// Takes the entry of `ticket` out of the queue, if it is still there.
    @discardableResult
    package mutating func remove(_ ticket: Ticket) -> Entry? {
        let entry = entries.removeValue(forKey: ticket.number)
        skipRemoved()
        return entry
    }

    /// Takes out the connection that has been idle longest, with its ticket.
    package mutating func removeOldest() -> (Ticket, Entry)? {
        skipRemoved()
        guard oldest < next, let entry = entries.removeValue(forKey: oldest) else { return nil }
        let ticket = Ticket(number: oldest)
        skipRemoved()
        return (ticket, entry)
    }

    /// Moves the cursor past the numbers whose entries have left.
    private mutating func skipRemoved() {
        while oldest < next, entries[oldest] == nil { oldest += 1 }
    }
}

/// A place in `IdleKeepAlives`, to leave it by.
package struct IdleKeepAliveTicket: Hashable, Sendable {
    fileprivate let number: UInt64
}
