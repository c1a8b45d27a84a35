import Logging
import MatchStore

/// Pairs the visitors of the "Play someone now" queue, two at a time, while two are waiting: one
/// pairing at a time on this server (each holds a database connection on a shared store while it
/// makes the match), any number of servers at once on one queue.
actor Matchmaker {
    nonisolated let queue: any PairingQueue
    private let seating: PairSeating
    private let logger: Logger
    private var isPairing = false
    /// A visitor came or renewed while pairing ran: look again before stopping.
    private var lookAgain = false

    init(queue: any PairingQueue, registry: MatchRegistry, logger: Logger) {
        self.queue = queue
        seating = PairSeating(registry: registry)
        self.logger = logger
    }

    /// Pairs in the background whoever can be paired now.
    nonisolated func pairSoon() {
        Task { await pairWaiting() }
    }

    /// Pairs whoever can be paired now; returns at once when a pairing already runs (which then looks
    /// again before it stops).
    func pairWaiting() async {
        guard !isPairing else {
            lookAgain = true
            return
        }
        isPairing = true
        defer { isPairing = false }
        let seating = seating
        repeat {
            lookAgain = false
            do {
                while try await queue.pairNext({ try await seating.seat($0, $1) }) {}
            } catch {
                // Both visitors wait on; their next renewal tries again. Tickets are never logged.
                logger.error("could not pair two waiting visitors", metadata: ["error": "\(error)"])
            }
        } while lookAgain
    }
}
