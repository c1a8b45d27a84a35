import MatchWords
import Synchronization

/// Where the server is in its life, for `/healthz`.
final class ServerState: Sendable {
    enum Phase: Sendable, Equatable {
        case starting
        case ready
        case draining
    }

    private let phase = Mutex(Phase.starting)

    var current: Phase { phase.withLock { $0 } }

    func set(_ newPhase: Phase) { phase.withLock { $0 = newPhase } }
}
