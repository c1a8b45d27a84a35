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

/// A manual clock (`ManualClock`) and the `HostClock` over it that a host or a server is given: the test advances it, and
/// every deadline due meanwhile fires, with no real wait.
package struct VirtualTime: Sendable {
    package static let wallStart = Date(timeIntervalSince1970: 1_800_000_000)
    package let clock = ManualClock()
    package let host: HostClock

    package init() {
        host = HostClock(clock, wall: .following(Self.wallStart))
    }

    package func advance(by duration: Duration) async {
        await clock.advance(by: duration)
    }
}

extension VirtualTime {
    /// Moves the clock on by the interval of the coalesced presence: what a host learnt of who is
    /// connected is then told, and the match's summary updated. Call it once the host knows (a welcome
    /// shows it): the clock stays where the test put it while the test waits for that.
    package func advanceToPresence() async {
        await advance(by: MatchHost.presenceInterval)
    }
}
