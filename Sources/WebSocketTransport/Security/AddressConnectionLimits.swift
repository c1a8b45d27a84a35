import Synchronization

/// How many connections one client address holds open, HTTP and WebSocket alike, and how many
/// WebSockets it opens per minute: without a bound per address, one client could take every connection
/// the server allows (`--max-connections`) or keep it busy opening and closing WebSockets. IPv6
/// addresses count by their /64 (`AddressGroup`).
///
/// A connection is counted from its accept, against the socket's peer; a connection from a trusted
/// proxy is not counted against the proxy, but each WebSocket and each request it carries is counted
/// against the client the proxy forwarded for, for as long as it lasts.
package final class AddressConnectionLimits: Sendable {
    /// A connection counted against its address until this is released (dropped), which happens when
    /// the connection's channel goes away, however the upgrade, the request or the session ended.
    package final class Slot: Sendable {
        private let counts: AddressCounts
        private let group: String

        fileprivate init(counts: AddressCounts, group: String) {
            self.counts = counts
            self.group = group
        }

        deinit { counts.release(group) }
    }

    /// Why a connection was not let in.
    package enum Refusal: Error, Equatable {
        case tooManyOpen
        case openedTooOften
    }

    /// What becomes of a connection just accepted from an address that is not a trusted proxy.
    package enum Accepted {
        /// Counted against its address until `slot` is dropped.
        case counted(Slot)
        /// Over the limit: its first request is answered `429` and it is closed. `slot` counts it among
        /// the address's refusals in flight until then.
        case refused(Slot)
        /// Over the limit with `maxRefusalsInFlight` refusals of the address under way already: closed
        /// at once, so that refusing an address's flood costs a bounded number of connections too.
        case dropped
    }

    /// How many connections of one address over its limit may wait at once for their `429`.
    package static let maxRefusalsInFlight = 8

    package let maxOpen: Int
    private let opens: AddressRateLimiter
    private let open = AddressCounts()
    private let refusing = AddressCounts()

    /// - Parameters:
    ///   - maxOpen: connections one address may hold open at once.
    ///   - opensPerMinute: WebSockets one address may open per minute.
    package init(maxOpen: Int, opensPerMinute: Int) {
        self.maxOpen = maxOpen
        self.opens = AddressRateLimiter(perMinute: opensPerMinute)
    }

    /// Counts a connection just accepted from `address` (its peer).
    package func accept(_ address: String) -> Accepted {
        let group = AddressGroup.key(of: address)
        if open.take(group, below: maxOpen) { return .counted(Slot(counts: open, group: group)) }
        if refusing.take(group, below: Self.maxRefusalsInFlight) { return .refused(Slot(counts: refusing, group: group)) }
        return .dropped
    }

    /// Counts a request or WebSocket that a trusted proxy forwarded for `address`: its slot, or nil
    /// when the address holds `maxOpen` already.
    package func hold(_ address: String) -> Slot? {
        let group = AddressGroup.key(of: address)
        return open.take(group, below: maxOpen) ? Slot(counts: open, group: group) : nil
    }

    /// Lets a WebSocket of `address` open: counts it against the rate, then, unless its connection is
    /// counted already (`countedAtAccept`), against the address's open connections. The attempt counts
    /// against the rate either way: a client refused for holding too many cannot retry in a tight loop
    /// for free.
    /// - Returns: the slot that counts the WebSocket (nil when its connection's slot does), or why it
    ///   is refused.
    package func admitWebSocket(_ address: String, countedAtAccept: Bool) -> Result<Slot?, Refusal> {
        guard opens.allow(address) else { return .failure(.openedTooOften) }
        if countedAtAccept { return .success(nil) }
        guard let slot = hold(address) else { return .failure(.tooManyOpen) }
        return .success(slot)
    }

    /// How many connections `address` holds open now.
    package func openCount(of address: String) -> Int {
        open.count(of: AddressGroup.key(of: address))
    }
}

/// Open connections by address group, each taken while below a bound and given back once.
private final class AddressCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Counts one more for `group` if it holds fewer than `bound`.
    func take(_ group: String, below bound: Int) -> Bool {
        counts.withLock { counts in
            guard counts[group, default: 0] < bound else { return false }
            counts[group, default: 0] += 1
            return true
        }
    }

    func release(_ group: String) {
        counts.withLock { counts in
            let left = (counts[group] ?? 1) - 1
            counts[group] = left > 0 ? left : nil
        }
    }

    func count(of group: String) -> Int {
        counts.withLock { $0[group] ?? 0 }
    }
}
