import Accounts
import Foundation
import Logging
import MatchHosting

/// Removes the sessions unused for 30 days and the challenges past their 4m30s, once per
/// `interval` on the server's clock: both are refused when they come back anyway (the stores check
/// the time), this only keeps their tables from growing with every visit that never finished.
struct AccountSweep: Sendable {
    let store: any AccountStore
    let interval: Duration
    /// When the next sweep is due; nil before the first (due at once).
    private var nextSweep: HostClock.Instant?

    init(store: any AccountStore, interval: Duration = .seconds(10 * 60)) {
        self.store = store
        self.interval = interval
    }

    mutating func sweepIfDue(clock: HostClock, logger: Logger) async {
        let now = clock.moment()
        if let nextSweep, now.instant < nextSweep { return }
        nextSweep = now.instant + interval
        do {
            let removed = try await store.removeExpired(now: now.date, sessionLifetime: SessionPolicy.lifetime)
            if removed > 0 { logger.info("removed expired sessions and challenges", metadata: ["count": "\(removed)"]) }
        } catch {
            // They stay until the next sweep, refused meanwhile by their dates.
            logger.warning("could not remove expired sessions and challenges", metadata: ["error": "\(error)"])
        }
    }
}
