import Synchronization
import Testing

@testable import Server

/// When the server gives freed memory back: at once when matches expired, then every `spacing` for
/// the window after the last expiry (a minute: some memory is freed well after the matches go,
/// docs/PERFORMANCE.md measurement 5), then not until matches expire again.
@Suite("Memory release schedule")
struct MemoryReleaseScheduleTests {
    @Test func releases_atAnExpiry_thenEverySpacing_untilTheWindowEnds() {
        let releases = ReleaseCounter()
        var schedule = MemoryReleaseSchedule { releases.count.withLock { $0 += 1 } }  // the server's window
        let start = ContinuousClock.now
        // The expiry loop's ticks with `--idle-timeout 5`: every 1.25 s.
        var releasedAt: [Duration] = []
        for tick in 0...80 {
            let now = start + .milliseconds(1_250 * tick)
            let before = releases.count.withLock { $0 }
            schedule.tick(expired: tick == 0 ? 1_000 : 0, now: now)
            if releases.count.withLock({ $0 }) > before { releasedAt.append(now - start) }
        }
        #expect(releasedAt.first == .zero, "at once when matches expired")
        #expect(releasedAt.last == .seconds(60), "the last within the minute after the expiry")
        #expect(releasedAt.count == 13, "every 5 s: 0, 5, …, 60")
        #expect(zip(releasedAt, releasedAt.dropFirst()).allSatisfy { $1 - $0 == .seconds(5) })
    }

    @Test func anotherExpiry_releasesAtOnce_andStartsTheWindowAgain() {
        let releases = ReleaseCounter()
        var schedule = MemoryReleaseSchedule(window: .seconds(60)) { releases.count.withLock { $0 += 1 } }
        let start = ContinuousClock.now
        schedule.tick(expired: 3, now: start)
        schedule.tick(expired: 2, now: start + .seconds(1))  // expired again: no spacing
        #expect(releases.count.withLock { $0 } == 2)
        schedule.tick(expired: 0, now: start + .seconds(61))  // within a minute of the second expiry
        #expect(releases.count.withLock { $0 } == 3)
        schedule.tick(expired: 0, now: start + .seconds(70))  // past it
        #expect(releases.count.withLock { $0 } == 3)
    }
}

/// The releases a schedule made (a class: a closure cannot capture a `Mutex` itself).
private final class ReleaseCounter: Sendable {
    let count = Mutex(0)
}
