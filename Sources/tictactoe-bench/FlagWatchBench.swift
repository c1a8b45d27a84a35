import Foundation
import MatchHosting

/// `--flag-watch N`: what the server's one clock timer (`FlagWatch`) costs with N running clocks,
/// measured here without a server, so that neither the network nor the matches hide it: the time to
/// arm N clocks (each match's first deadline), to move each (what a move does), and to disarm them;
/// then this process's CPU over `seconds` with the N clocks armed and nothing due (the 20 ms tick
/// alone), against the same time with none armed (no tick task at all).
enum FlagWatchBench {
    /// Stands in for a match host: the watch keys its clocks by object identity.
    private final class Owner {}

    static func run(clocks: Int, seconds: Double) async -> String {
        let clock = HostClock.continuous
        let watch = FlagWatch(clock: clock)
        let owners = (0..<clocks).map { _ in Owner() }
        let ids = owners.map(ObjectIdentifier.init)
        let start = clock.now
        // Deadlines an hour ahead, spread over a minute as games that started a minute apart would be:
        // nothing is due during the measurement, and the clocks fill some 3,000 buckets of 20 ms.
        func deadline(_ index: Int, shift: Duration = .zero) -> HostClock.Instant {
            start + .seconds(3600) + .milliseconds(index * 60_000 / max(clocks, 1)) + shift
        }
        func nanosecondsPerClock(_ body: () -> Void) -> Double {
            let begin = ContinuousClock.now
            body()
            return (ContinuousClock.now - begin) / .nanoseconds(1) / Double(max(clocks, 1))
        }
        let arm = nanosecondsPerClock { for (index, id) in ids.enumerated() { watch.arm(id, at: deadline(index)) {} } }
        // A move: the clock that ran stops and the other starts, with a new deadline in another bucket.
        let rearm = nanosecondsPerClock {
            for (index, id) in ids.enumerated() { watch.arm(id, at: deadline(index, shift: .seconds(5))) {} }
        }
        let armed = watch.armedCount

        // The tick with every clock armed and none due.
        let withClocks = await cpuSeconds(over: seconds)
        let disarm = nanosecondsPerClock { for id in ids { watch.disarm(id) } }
        // Let the tick task see that nothing is armed and end.
        try? await Task.sleep(for: .milliseconds(100))
        let without = await cpuSeconds(over: seconds)
        withExtendedLifetime(owners) {}
        return String(
            format: """
                flag watch: %d clocks (%d armed), deadlines an hour ahead; ns per clock
                  arm %.0f ns, move (arm again, 5 s later) %.0f ns, disarm %.0f ns
                  this process's CPU over %.0f s: %.3f s with the clocks armed (%.2f %% of a core), %.3f s with none (%.2f %%)
                """, clocks, armed, arm, rearm, disarm, seconds, withClocks, withClocks / seconds * 100, without, without / seconds * 100)
    }

    /// CPU seconds (user + system, every thread) this process used while sleeping `seconds`.
    private static func cpuSeconds(over seconds: Double) async -> Double {
        let before = processCPUSeconds()
        try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        return processCPUSeconds() - before
    }

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
