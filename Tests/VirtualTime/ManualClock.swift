import Synchronization

/// A clock that moves only when a test says so: a sleep returns once the clock has been advanced to
/// its deadline (at once if it is already there), and advancing wakes every sleep that came due, in
/// the order of their deadlines.
///
/// Written here rather than taken from swift-clocks' `TestClock` (which the tests used first): after
/// each wake-up `TestClock.advance` waits for twenty detached tasks of background priority
/// (`Task.megaYield`), and with the test run's 800 tests busy on a 2-core machine those wait behind
/// everything else: a test that advanced in 5 ms steps while it waited over a socket moved 25 ms in
/// five real seconds and timed out. Here a test that needs a woken task's effect waits for it
/// (`eventually`, or the message it sends), and moves the clock by exact amounts.
package final class ManualClock: Clock, Sendable {
    package struct Instant: InstantProtocol {
        package var offset: Duration

        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// Sleeps cancelled before they were registered: they end as soon as they try.
        var cancelledEarly: Set<UInt64> = []
    }

    private let state = Mutex(State())

    package init() {}

    package var now: Instant { state.withLock { $0.now } }
    package var minimumResolution: Duration { .zero }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case waits, due, cancelled }
                let outcome = state.withLock { state -> Outcome in
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .waits
                }
                switch outcome {
                case .waits: break
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        // A sleep that ended normally leaves no mark behind if it was cancelled too late to matter.
        state.withLock { _ = $0.cancelledEarly.remove(id) }
    }

    /// Moves the clock on by `duration` and wakes every sleep due by then, earliest first.
    package func advance(by duration: Duration) async {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
        // Lets the woken tasks start before the test goes on; what they do after, a test waits for.
        await Task.yield()
    }
}
