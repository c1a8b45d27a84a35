import NIOCore

/// The pings of one event loop's WebSockets: one repeated task per loop instead of one per connection.
///
/// A repeated task per connection cost a scheduled task, its closure and a place in the loop's timer
/// heap for every held socket, and 6.7 % of the server's CPU with pings every 5 s to 10,000 spectators
/// (docs/PERFORMANCE.md, measurement 10). The wheel turns `slotCount` times per interval and pings the
/// sessions of one slot at each turn: a session joins the slot just visited, so its first ping comes one
/// interval after it joined (less at most one turn), and the pings of a crowd that arrived together stay
/// spread as their arrivals were.
final class KeepAliveWheel {
    static let slotCount = 16

    private let eventLoop: any EventLoop
    private let interval: Duration
    private var slots = Array(repeating: [SessionSlot](), count: KeepAliveWheel.slotCount)
    /// The slot the next turn visits.
    private var next = 0
    private var turning: RepeatedTask?

    init(eventLoop: any EventLoop, interval: Duration) {
        self.eventLoop = eventLoop
        self.interval = interval
    }

    /// Pings `session` every interval from now on, until its `ping()` says it is done.
    func add(_ session: SessionSlot) {
        slots[(next + Self.slotCount - 1) % Self.slotCount].append(session)
        guard turning == nil else { return }
        let turn = TimeAmount(interval / Self.slotCount)
        let wheel = NIOLoopBound(self, eventLoop: eventLoop)
        turning = eventLoop.scheduleRepeatedTask(initialDelay: turn, delay: turn) { _ in wheel.value.turn() }
    }

    /// Pings the sessions of the next slot, forgets those that are gone, and stops when none is left.
    private func turn() {
        let visited = next
        next = (next + 1) % Self.slotCount
        slots[visited].removeAll { $0.value?.ping() != true }
        if slots.allSatisfy(\.isEmpty) {
            turning?.cancel()
            turning = nil
        }
    }
}
