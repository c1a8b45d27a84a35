import Synchronization

/// How many WebSockets one client address holds open, and how many it opens per minute: without a
/// bound per address, one client could take every connection the server allows (`--max-connections`)
/// or keep it busy opening and closing them. IPv6 addresses count by their /64 (`AddressGroup`).
final class AddressConnectionLimits: Sendable {
    /// A WebSocket counted against its address until this is released (dropped), which happens when
    /// the connection's channel goes away, however the upgrade or the session ended.
    final class Slot: Sendable {
        private let limits: AddressConnectionLimits
        private let group: String

        fileprivate init(limits: AddressConnectionLimits, group: String) {
            self.limits = limits
            self.group = group
        }

        deinit { limits.release(group) }
    }

    /// Why a WebSocket was not let in.
    enum Refusal: Error, Equatable {
        case tooManyOpen
        case openedTooOften
    }

    let maxOpen: Int
    private let opens: AddressRateLimiter
    private let open = Mutex<[String: Int]>([:])

    /// - Parameters:
    ///   - maxOpen: WebSockets one address may hold open at once.
    ///   - opensPerMinute: WebSockets one address may open per minute.
    init(maxOpen: Int, opensPerMinute: Int) {
        self.maxOpen = maxOpen
        self.opens = AddressRateLimiter(perMinute: opensPerMinute)
    }

    /// Counts a new WebSocket of `address`: its slot, or why it is refused (then nothing is counted
    /// but the attempt, which counts against the rate either way: a client refused for holding too
    /// many cannot retry in a tight loop for free).
    func admit(_ address: String) -> Result<Slot, Refusal> {
        let group = AddressGroup.key(of: address)
        guard opens.allow(address) else { return .failure(.openedTooOften) }
        let admitted = open.withLock { open in
            guard open[group, default: 0] < maxOpen else { return false }
            open[group, default: 0] += 1
            return true
        }
        return admitted ? .success(Slot(limits: self, group: group)) : .failure(.tooManyOpen)
    }

    /// How many WebSockets `address` holds open now.
    func openCount(of address: String) -> Int {
        open.withLock { $0[AddressGroup.key(of: address)] ?? 0 }
    }

    fileprivate func release(_ group: String) {
        open.withLock { open in
            let left = (open[group] ?? 1) - 1
            open[group] = left > 0 ? left : nil
        }
    }
}
