import Synchronization

/// Where the server is in its life, for `/healthz`.
package final class ServerState: Sendable {
    package enum Phase: Sendable, Equatable {
        case starting
        case ready
        case draining
    }

    private let phase = Mutex(Phase.starting)

    package init() {}

    package var current: Phase { phase.withLock { $0 } }

    package func set(_ newPhase: Phase) { phase.withLock { $0 = newPhase } }
}
