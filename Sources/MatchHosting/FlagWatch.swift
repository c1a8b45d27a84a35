import Synchronization

/// Watches every running clock of a server with one timer: a host arms it with its running clock's
/// deadline after each move, and is called back once the deadline has passed, even if nobody sends
/// anything. A timer per match would cost a task per move and a wake-up per clock; here arming is a
/// dictionary update, and one task ticks every `resolution` while some clock runs (none otherwise).
///
/// Deadlines are kept in buckets of `resolution` (a timing wheel without a fixed size): arming, moving
/// and forgetting a deadline are O(1), and a tick looks only at the buckets that came due since the
/// last one. A callback may come up to `resolution` (plus scheduling) after its deadline, never before.
package final class FlagWatch: Sendable {
    /// How often the watch looks for clocks past their deadline while any runs.
    package let resolution: Duration
    private let state = Mutex(State())

    private struct State {
        /// For each armed owner: its bucket and what to call.
        var armed: [ObjectIdentifier: (bucket: Int64, fire: @Sendable () -> Void)] = [:]
        /// The owners whose deadline falls in each bucket.
        var buckets: [Int64: Set<ObjectIdentifier>] = [:]
        /// The last bucket a tick emptied: a deadline armed in it or before goes in the next one.
        var lastLooked: Int64 = .min
        /// Whether a tick task runs.
        var ticking = false
    }

    /// The server's clock, which the deadlines are on and the ticks sleep on.
    private let clock: HostClock

    package init(resolution: Duration = .milliseconds(20), clock: HostClock = .continuous) {
        self.resolution = resolution
        self.clock = clock
    }

    /// Calls `fire` once `deadline` has passed, for `owner` (one deadline per owner: arming again moves
    /// it). `fire` runs on the watch's task: it must only hand the work on (to its actor).
    package func arm(_ owner: ObjectIdentifier, at deadline: HostClock.Instant, fire: @escaping @Sendable () -> Void) {
        let deadlineBucket = bucket(of: deadline)
        let startsTicking = state.withLock { state -> Bool in
            if let old = state.armed[owner] { state.buckets[old.bucket]?.remove(owner) }
            // A deadline already passed is due at the next tick.
            let bucket = max(deadlineBucket, state.lastLooked + 1)
            state.armed[owner] = (bucket, fire)
            state.buckets[bucket, default: []].insert(owner)
            guard !state.ticking else { return false }
            state.ticking = true
            return true
        }
        if startsTicking { Task { await self.tick() } }
    }

    /// Forgets `owner`'s deadline, if any (its clock stopped, or its match closed).
    package func disarm(_ owner: ObjectIdentifier) {
        state.withLock { state in
            if let old = state.armed.removeValue(forKey: owner) { state.buckets[old.bucket]?.remove(owner) }
        }
    }

    /// How many clocks are watched now.
    package var armedCount: Int { state.withLock { $0.armed.count } }

    /// Looks for due deadlines every `resolution`, until none is armed.
    private func tick() async {
        // From the earliest bucket armed (a deadline already past when armed included).
        let now = bucket(of: clock.now)
        state.withLock { $0.lastLooked = min($0.buckets.keys.min() ?? now, now) - 1 }
        while true {
            // Until the end of the bucket after the last one looked at, an instant on the clock rather than
            // a span from now: a tick that runs late (a busy machine, a test clock advanced before this task
            // slept) finds its bucket due at once instead of waiting a whole resolution more.
            let looked = state.withLock { $0.lastLooked }
            try? await clock.sleep(until: HostClock.Instant(sinceOrigin: resolution * Int(looked + 2)))
            // A bucket is due once all of it has passed: a callback never comes before its deadline.
            let due = bucket(of: clock.now) - 1
            let (fired, stops) = state.withLock { state -> ([@Sendable () -> Void], Bool) in
                var fired: [@Sendable () -> Void] = []
                if due > state.lastLooked {
                    // Walk the due buckets, or only those that exist when fewer (after a long pause).
                    let dueBuckets =
                        due - state.lastLooked <= Int64(state.buckets.count)
                        ? Array((state.lastLooked + 1)...due) : state.buckets.keys.filter { $0 <= due }
                    for bucket in dueBuckets {
                        for owner in state.buckets.removeValue(forKey: bucket) ?? [] {
                            if let entry = state.armed.removeValue(forKey: owner) { fired.append(entry.fire) }
                        }
                    }
                    state.lastLooked = due
                }
                // Stopped under the lock: an `arm` after this starts a new tick task.
                guard state.armed.isEmpty else { return (fired, false) }
                state.buckets = [:]
                state.ticking = false
                return (fired, true)
            }
            fired.forEach { $0() }
            if stops { return }
        }
    }

    private func bucket(of instant: HostClock.Instant) -> Int64 {
        let (seconds, attoseconds) = instant.sinceOrigin.components
        let resolutionAttoseconds = resolution.components.attoseconds + resolution.components.seconds * 1_000_000_000_000_000_000
        // Rounded up: a deadline inside a bucket is due only once the bucket has wholly passed.
        let total = Double(seconds) * 1e18 + Double(attoseconds)
        return Int64((total / Double(resolutionAttoseconds)).rounded(.up))
    }
}
