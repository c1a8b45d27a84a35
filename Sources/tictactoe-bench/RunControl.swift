import Synchronization

/// What the driving task and the monitoring task of a run tell each other.
final class RunControl: Sendable {
    struct Step: Sendable {
        var matches: Int
        var connections: Int
    }

    private struct State {
        var connectPhaseDone = false
        var stopReason: String?
        var isFinished = false
        var steps: [Step] = []
        var steadyEnded = false
    }

    private let state = Mutex(State())

    /// Asks the run to stop; the first reason wins.
    func stop(_ reason: String) {
        state.withLock { if $0.stopReason == nil { $0.stopReason = reason } }
    }

    var stopReason: String? { state.withLock { $0.stopReason } }

    /// Every connection of the last ramp step is open: steady play (after the warm-up) begins.
    func connectPhaseFinished() { state.withLock { $0.connectPhaseDone = true } }

    var isConnectPhaseDone: Bool { state.withLock { $0.connectPhaseDone } }

    /// A ramp step's connections are all open (or failed).
    func stepConnected(_ step: Step) { state.withLock { $0.steps.append(step) } }

    var steps: [Step] { state.withLock { $0.steps } }

    /// The monitor took its last steady sample.
    func steadyEnded() { state.withLock { $0.steadyEnded = true } }

    var hasSteadyEnded: Bool { state.withLock { $0.steadyEnded } }

    /// The run is over: the monitor takes a last sample and returns.
    func finish() { state.withLock { $0.isFinished = true } }

    var isFinished: Bool { state.withLock { $0.isFinished } }
}
