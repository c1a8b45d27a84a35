import Clocks
import Foundation

@testable import MatchHosting

extension Moment {
    /// A moment on a clock no test waits for: `seconds` after its origin, on a fixed wall date.
    static func virtual(seconds: Double) -> Moment {
        Moment(instant: HostClock.Instant(sinceOrigin: .milliseconds(Int64(seconds * 1000))), date: VirtualTime.wallStart.addingTimeInterval(seconds))
    }

    /// `duration` later.
    func advanced(by duration: Duration) -> Moment {
        Moment(instant: instant + duration, date: date.addingTimeInterval(duration.inSeconds))
    }
}

/// A test clock and the `HostClock` over it that a host or a server is given: the test advances it, and
/// every deadline due meanwhile fires, with no real wait.
struct VirtualTime: Sendable {
    static let wallStart = Date(timeIntervalSince1970: 1_800_000_000)
    let clock = TestClock<Duration>()
    let host: HostClock

    init() {
        host = HostClock(clock, wall: .following(Self.wallStart))
    }

    func advance(by duration: Duration) async {
        await clock.advance(by: duration)
    }
}
