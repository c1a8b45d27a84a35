import Clocks
import Foundation
import MatchHosting

extension Moment {
    /// A moment on a clock no test waits for: `seconds` after its origin, on a fixed wall date.
    package static func virtual(seconds: Double) -> Moment {
        Moment(
            instant: HostClock.Instant(sinceOrigin: .milliseconds(Int64(seconds * 1000))),
            date: VirtualTime.wallStart.addingTimeInterval(seconds))
    }

    /// `duration` later.
    package func advanced(by duration: Duration) -> Moment {
        Moment(instant: instant + duration, date: date.addingTimeInterval(duration.inSeconds))
    }
}

/// A test clock and the `HostClock` over it that a host or a server is given: the test advances it, and
/// every deadline due meanwhile fires, with no real wait.
package struct VirtualTime: Sendable {
    package static let wallStart = Date(timeIntervalSince1970: 1_800_000_000)
    package let clock = TestClock<Duration>()
    package let host: HostClock

    package init() {
        host = HostClock(clock, wall: .following(Self.wallStart))
    }

    package func advance(by duration: Duration) async {
        await clock.advance(by: duration)
    }
}

extension VirtualTime {
    /// Runs `body` while the clock moves on by `step` at a time, a step whenever the machine lets this
    /// task run, until `body` returns: for what a repeating timer finds only at its next tick (the flag
    /// watch looks every 20 ms), awaited over a socket. The clock moves no further than `step` past what
    /// `body` waited for, plus the steps taken while its answer travelled.
    package func ticking<Value: Sendable>(
        by step: Duration = .milliseconds(5), _ body: () async throws -> Value
    ) async rethrows -> Value {
        let ticker = Task { [clock] in
            while !Task.isCancelled {
                await clock.advance(by: step)
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        defer { ticker.cancel() }
        return try await body()
    }
}
