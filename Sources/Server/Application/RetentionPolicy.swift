import Foundation
import Logging
import MatchHosting
import MatchStore
import MatchWords

/// `--retain-days`: deletes the stored matches whose summary has not changed for the retention time
/// and that nobody is connected to, a batch at a time, once per `sweepInterval`.
struct RetentionPolicy: Sendable {
    /// How long a match is kept after its summary last changed.
    let retention: TimeInterval
    /// How often the store is swept: the query scans the match table, so not at every lifecycle tick.
    let sweepInterval: Duration
    /// Matches deleted per store call; a sweep calls until fewer come back.
    static let batch = 500
    /// When the next sweep is due, on the server's clock; nil before the first (due at once).
    private var nextSweep: HostClock.Instant?

    init(retention: TimeInterval, sweepInterval: Duration) {
        self.retention = retention
        self.sweepInterval = sweepInterval
    }

    /// Sweeps when the interval has passed since the last sweep (the first one at the first tick).
    mutating func sweepIfDue(registry: MatchRegistry, logger: Logger) async {
        let now = registry.clock.moment()
        if let nextSweep, now.instant < nextSweep { return }
        nextSweep = now.instant + sweepInterval
        let cutoff = now.date.addingTimeInterval(-retention)
        var deleted = 0
        do {
            while !Task.isCancelled {
                let batch = try await registry.deleteInactive(before: cutoff, limit: Self.batch)
                deleted += batch.count
                if batch.count < Self.batch { break }
            }
        } catch {
            // A store that cannot write (a full disk) keeps its matches until the next sweep.
            logger.warning("could not delete old matches (--retain-days)", metadata: ["error": "\(error)"])
        }
        if deleted > 0 { logger.info("deleted matches unchanged for longer than --retain-days", metadata: ["count": "\(deleted)"]) }
    }
}
