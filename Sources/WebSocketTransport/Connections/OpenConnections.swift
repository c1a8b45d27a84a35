import Logging
import MatchHosting
import Synchronization

/// Every connection the server holds (`--max-connections`), and which of them are idle keep-alives that
/// may be closed to make room.
///
/// Near the limit a new visitor would otherwise wait in the listen backlog until some connection ends
/// by itself, up to `--http-idle-timeout` for a keep-alive that will never send another request. So, as
/// nginx reclaims its keep-alives when it runs out of connections, once fewer than `reserve` places are
/// free the keep-alives idle longest are closed, until `reserve` places are free again or no keep-alive
/// is idle. A connection in the middle of a request, one still sending its first request (bounded by
/// `--handshake-timeout`) and a WebSocket are never closed for room.
package final class OpenConnections: Sendable {
    /// Closes the idle keep-alive that holds `ticket`, on its own event loop, if it is still idle with
    /// that ticket when that runs (it may have served a request and become idle again meanwhile).
    package typealias Reclaim = @Sendable (_ ticket: IdleKeepAliveTicket) -> Void

    private struct State {
        var open = 0
        var idle = IdleKeepAlives<Reclaim>()
        /// Keep-alives told to close that have not closed yet: already counted as room being made.
        var closing = 0
    }

    package let maxConnections: Int
    /// How many places the server keeps free by closing idle keep-alives.
    package let reserve: Int
    private let state = Mutex(State())
    private let metrics: ServerMetrics?
    private let logger: Logger

    /// - Parameters:
    ///   - maxConnections: connections held at once; over it, new ones wait in the listen backlog.
    ///   - reserve: places kept free (by default a 32nd of the limit, at least one, as a burst of new
    ///     visitors arrives faster than keep-alives close).
    package init(maxConnections: Int, reserve: Int? = nil, metrics: ServerMetrics? = nil, logger: Logger) {
        self.maxConnections = maxConnections
        self.reserve = reserve ?? max(1, maxConnections / 32)
        self.metrics = metrics
        self.logger = logger
    }

    /// Connections open now.
    package var openCount: Int { state.withLock { $0.open } }

    /// Whether the server accepts another connection now.
    package var acceptsMore: Bool { state.withLock { $0.open < maxConnections } }

    package func opened() {
        reclaimIfNeeded { $0.open += 1 }
    }

    package func closed() {
        state.withLock { $0.open -= 1 }
    }

    /// A keep-alive answered every request it read: it may be closed for room from now on, oldest first.
    /// - Parameter reclaim: closes it, if it is still idle then.
    package func becameIdle(_ reclaim: @escaping Reclaim) -> IdleKeepAliveTicket {
        var ticket: IdleKeepAliveTicket?
        reclaimIfNeeded { ticket = $0.idle.append(reclaim) }
        // Set by the closure above, which always runs.
        return ticket!
    }

    /// The keep-alive of `ticket` started a request, or closed: it is not idle any more.
    package func noLongerIdle(_ ticket: IdleKeepAliveTicket) {
        state.withLock { _ = $0.idle.remove(ticket) }
    }

    /// A keep-alive told to close has closed (or turned out busy, or idle again with another ticket, and
    /// stays open).
    package func reclaimEnded() {
        state.withLock { $0.closing -= 1 }
    }

    /// Applies `change`, then takes out the idle keep-alives to close so that `reserve` places are free
    /// (counting those already closing), and closes them outside the lock.
    private func reclaimIfNeeded(_ change: (inout State) -> Void) {
        let reclaims: [(IdleKeepAliveTicket, Reclaim)] = state.withLock { state in
            change(&state)
            var taken: [(IdleKeepAliveTicket, Reclaim)] = []
            while state.open - state.closing > maxConnections - reserve, let oldest = state.idle.removeOldest() {
                state.closing += 1
                taken.append(oldest)
            }
            return taken
        }
        guard !reclaims.isEmpty else { return }
        metrics?.keepAlivesReclaimed(reclaims.count)
        logger.debug("closing idle keep-alive connections to make room", metadata: ["count": "\(reclaims.count)"])
        for (ticket, reclaim) in reclaims { reclaim(ticket) }
    }
}
