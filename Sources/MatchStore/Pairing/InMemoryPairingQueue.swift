import Foundation

/// The pairing queue of one process (the memory and SQLite stores): every visitor reaches this server,
/// so the queue lives in its memory and goes with it.
///
/// Its time is given (`elapsed`), as every timer of a server is: a test moves the server's clock past
/// `renewWithin` instead of waiting for it.
public actor InMemoryPairingQueue: PairingQueue {
    private struct Entry {
        let name: String?
        let pairingKey: PairingKey
        let account: String?
        let joinedAt: Duration
        var renewedAt: Duration
        var paired: (seat: PairedSeat, at: Duration)?
        /// Handed to a pairing in progress: no other pairing may take it.
        var isBeingPaired = false
    }

    private let times: PairingQueueTimes
    /// The time since a fixed origin: the server's clock.
    private let elapsed: @Sendable () -> Duration
    private var entries: [String: Entry] = [:]
    /// Keys in the order they joined; entries paired or gone are skipped and swept.
    private var order: [String] = []

    /// - Parameter elapsed: the time since any fixed origin; the process's monotonic clock by default.
    public init(times: PairingQueueTimes = PairingQueueTimes(), elapsed: (@Sendable () -> Duration)? = nil) {
        self.times = times
        self.elapsed = elapsed ?? PairingQueueTimes.monotonicElapsed()
    }

    public func join(_ key: String, name: String?, pairingKey: PairingKey, account: String?) {
        let now = elapsed()
        entries[key] = Entry(name: name, pairingKey: pairingKey, account: account, joinedAt: now, renewedAt: now)
        order.append(key)
    }

    public func renew(_ key: String) -> PairingStatus? {
        sweep()
        guard var entry = entries[key] else { return nil }
        if let paired = entry.paired { return .paired(paired.seat) }
        let now = elapsed()
        entry.renewedAt = now
        entries[key] = entry
        return .waiting(seconds: Int((now - entry.joinedAt).components.seconds), rated: entry.pairingKey.rated)
    }

    public func leave(_ key: String) {
        entries[key] = nil
    }

    public func pairNext(
        keepingApart: @escaping @Sendable (WaitingVisitor, WaitingVisitor) async throws -> Bool,
        _ seat: @escaping @Sendable (WaitingVisitor, WaitingVisitor) async throws -> (PairedSeat, PairedSeat)
    ) async throws -> Bool {
        sweep()
        guard let pair = try await nextPair(keepingApart: keepingApart) else { return false }
        let visitors = [pair.0, pair.1]
        let keys = visitors.map(\.key)
        for key in keys { entries[key]?.isBeingPaired = true }
        // The actor lets other calls in while `seat` runs: the mark keeps them off these two.
        let seats: (PairedSeat, PairedSeat)
        do {
            seats = try await seat(visitors[0], visitors[1])
        } catch {
            for key in keys { entries[key]?.isBeingPaired = false }
            throw error
        }
        let now = elapsed()
        // A visitor that left meanwhile is not brought back; its seat times out in the match.
        for (key, paired) in zip(keys, [seats.0, seats.1]) where entries[key] != nil {
            entries[key]?.isBeingPaired = false
            entries[key]?.paired = (paired, now)
        }
        return true
    }

    /// The two visitors to pair next, in the order they joined: of the pairing keys with two free
    /// visitors (waiting, and not being paired) that may be paired, the one whose first has waited
    /// longest. `keepingApart` may suspend (it asks the account and rating stores): what it let through
    /// is checked still free afterwards, as another call may have taken it meanwhile.
    private func nextPair(keepingApart: @escaping @Sendable (WaitingVisitor, WaitingVisitor) async throws -> Bool) async throws -> (
        WaitingVisitor, WaitingVisitor
    )? {
        var free: [PairingKey: [WaitingVisitor]] = [:]
        var keysInOrder: [PairingKey] = []
        let now = elapsed()
        for key in order {
            guard let entry = entries[key], entry.paired == nil, !entry.isBeingPaired else { continue }
            if free[entry.pairingKey] == nil { keysInOrder.append(entry.pairingKey) }
            free[entry.pairingKey, default: []].append(
                WaitingVisitor(
                    key: key, name: entry.name, pairingKey: entry.pairingKey, account: entry.account, waited: now - entry.joinedAt))
        }
        for pairingKey in keysInOrder where free[pairingKey, default: []].count >= 2 {
            guard let pair = try await firstPairable(free[pairingKey, default: []], keepingApart: keepingApart) else { continue }
            guard isFree(pair.0.key), isFree(pair.1.key) else { return nil }
            return pair
        }
        return nil
    }

    private func isFree(_ key: String) -> Bool {
        entries[key].map { $0.paired == nil && !$0.isBeingPaired } ?? false
    }

    /// Drops the waiting visitors not renewed in time (unless being paired) and the paired ones kept
    /// long enough.
    private func sweep() {
        let now = elapsed()
        entries = entries.filter { _, entry in
            if let paired = entry.paired { return now - paired.at < times.keepPaired }
            return entry.isBeingPaired || now - entry.renewedAt < times.renewWithin
        }
        order.removeAll { entries[$0].map { $0.paired != nil } ?? true }
    }
}
