import Foundation

/// The time every match of a server is given: one clock, passed in from the command that starts the
/// server, so that tests pass a clock they advance themselves instead of waiting for the wall clock.
///
/// A `Clock` of its own (with `Duration`), wrapping any other: its instants are the time since the
/// server started, so that the match core can keep them in plain values whatever clock drives it. It
/// also tells the wall time of an instant (what the store records and `lastActive` show): the system's
/// own for the real clock, or the start date plus the time passed for a test clock, so that both move
/// together when a test advances it.
package struct HostClock: Clock, Sendable {
    package typealias Duration = Swift.Duration

    /// A point in time: how long after the clock's origin.
    package struct Instant: InstantProtocol, Sendable {
        package let sinceOrigin: Swift.Duration

        package init(sinceOrigin: Swift.Duration) { self.sinceOrigin = sinceOrigin }

        package func advanced(by duration: Swift.Duration) -> Instant { Instant(sinceOrigin: sinceOrigin + duration) }
        package func duration(to other: Instant) -> Swift.Duration { other.sinceOrigin - sinceOrigin }
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
        package static func + (lhs: Instant, rhs: Swift.Duration) -> Instant { lhs.advanced(by: rhs) }
        package static func - (lhs: Instant, rhs: Swift.Duration) -> Instant { lhs.advanced(by: .zero - rhs) }
        package static func - (lhs: Instant, rhs: Instant) -> Swift.Duration { rhs.duration(to: lhs) }
    }

    private let elapsed: @Sendable () -> Swift.Duration
    private let sleeper: @Sendable (Swift.Duration) async throws -> Void
    private let wallTime: @Sendable (Swift.Duration) -> Date
    package let minimumResolution: Swift.Duration

    /// Wraps `clock`. `wall` gives the wall time of an instant: `.system` reads the system's clock (a
    /// real server), `.following(start)` counts from `start` with `clock` (a test clock).
    package init<C: Clock>(_ clock: C, wall: Wall) where C.Duration == Swift.Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
        switch wall {
        case .system: wallTime = { _ in Date() }
        case .following(let start): wallTime = { start.addingTimeInterval($0.inSeconds) }
        }
        minimumResolution = clock.minimumResolution
    }

    /// How the wall time of an instant is told.
    package enum Wall: Sendable {
        /// The system's clock.
        case system
        /// `start` plus the time the wrapped clock has passed since the origin.
        case following(Date)
    }

    /// The real clock of a running server.
    package static var continuous: HostClock { HostClock(ContinuousClock(), wall: .system) }

    package var now: Instant { Instant(sinceOrigin: elapsed()) }

    package func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        // A deadline already reached has passed, whatever the wrapped clock makes of it: some test
        // clocks (swift-clocks' `TestClock`) park a sleep whose deadline equals their `now` until the
        // next advance, and a timer that starts after the clock reached its deadline must not wait for
        // a later, unrelated one.
        try Task.checkCancellation()
        guard deadline > now else { return }
        try await sleeper(deadline.sinceOrigin)
    }

    /// The wall time at `instant` (read now for the system's clock).
    package func date(at instant: Instant) -> Date { wallTime(instant.sinceOrigin) }

    /// Now, read once for one event: its instant and wall time.
    package func moment() -> Moment {
        let instant = now
        return Moment(instant: instant, date: date(at: instant))
    }
}

/// One reading of the clock, for one event: everything that event changes and every message built for
/// it carries these same figures.
package struct Moment: Sendable {
    package let instant: HostClock.Instant
    package let date: Date

    package init(instant: HostClock.Instant, date: Date) {
        self.instant = instant
        self.date = date
    }
}

extension Duration {
    /// In seconds, with the fraction.
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
