import Synchronization

/// Allows each client address at most `limit` actions per minute (matches created, here).
final class AddressRateLimiter: Sendable {
    private struct Window {
        var start: ContinuousClock.Instant
        var count: Int
    }

    private let limit: Int
    private let windows = Mutex<[String: Window]>([:])

    init(perMinute limit: Int) {
        self.limit = limit
    }

    /// Counts one action of `address`; false when it is over the limit of the current minute.
    func allow(_ address: String, now: ContinuousClock.Instant = .now) -> Bool {
        windows.withLock { windows in
            if windows.count > 10_000 {
                // Forget the addresses whose minute is over, so the table stays small.
                windows = windows.filter { now - $0.value.start < .seconds(60) }
            }
            var window = windows[address] ?? Window(start: now, count: 0)
            if now - window.start >= .seconds(60) { window = Window(start: now, count: 0) }
            window.count += 1
            windows[address] = window
            return window.count <= limit
        }
    }
}
