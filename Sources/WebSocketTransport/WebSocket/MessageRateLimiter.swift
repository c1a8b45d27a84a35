/// docs/PROTOCOL.md's rate limit for one connection: more than `limit` messages in one second are answered
/// with `rateLimited`; a connection that goes on to twice the limit in that second is closed (1008).
struct MessageRateLimiter {
    enum Verdict: Equatable {
        case allowed
        case limited
        case exceeded
    }

    private let limit: Int
    private var windowStart: ContinuousClock.Instant?
    private var count = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func record(at now: ContinuousClock.Instant = .now) -> Verdict {
        if let start = windowStart, now - start < .seconds(1) {
            count += 1
        } else {
            windowStart = now
            count = 1
        }
        if count <= limit { return .allowed }
        return count <= limit * 2 ? .limited : .exceeded
    }
}
