import Synchronization

/// Allows each client address at most `limit` actions per minute (matches created, here): a fixed
/// one-minute window from the address's first action. IPv6 addresses count by their /64
/// (`AddressGroup`), since one client holds a whole /64 and can rotate through it.
///
/// Each call costs O(1): the windows live in two tables, the current minute's and the previous one's,
/// and every minute the older table is dropped whole instead of scanned. A window outlives at most
/// one table swap (it lasts a minute), so dropping the older table forgets only expired windows.
package final class AddressRateLimiter: Sendable {
    private struct Window {
        var start: ContinuousClock.Instant
        var count: Int
    }

    private struct Tables {
        var current: [String: Window] = [:]
        var previous: [String: Window] = [:]
        var swappedAt: ContinuousClock.Instant
    }

    private static let minute = Duration.seconds(60)
    private let limit: Int
    private let tables: Mutex<Tables>

    package init(perMinute limit: Int, now: ContinuousClock.Instant = .now) {
        self.limit = limit
        tables = Mutex(Tables(swappedAt: now))
    }

    /// Counts one action of `address`; false when it is over the limit of its current minute.
    package func allow(_ address: String, now: ContinuousClock.Instant = .now) -> Bool {
        let key = AddressGroup.key(of: address)
        return tables.withLock { tables in
            if now - tables.swappedAt >= Self.minute {
                tables.previous = now - tables.swappedAt >= Self.minute * 2 ? [:] : tables.current
                tables.current = [:]
                tables.swappedAt = now
            }
            var window = tables.current[key] ?? tables.previous.removeValue(forKey: key) ?? Window(start: now, count: 0)
            if now - window.start >= Self.minute { window = Window(start: now, count: 0) }
            window.count += 1
            tables.current[key] = window
            return window.count <= limit
        }
    }

    /// How many addresses the tables hold (tests: the memory the limiter keeps).
    package var trackedAddresses: Int { tables.withLock { $0.current.count + $0.previous.count } }
}
