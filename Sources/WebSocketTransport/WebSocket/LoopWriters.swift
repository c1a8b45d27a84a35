import NIOCore
import Synchronization

/// The connection writers woken on one event loop, run by one task of that loop rather than a task each,
/// players first and the audience in chunks.
///
/// A board of a match that ten thousand watch wakes ten thousand writers. As tasks of their own they cost
/// an allocation and a hop each, and the loop runs them all before it reads its sockets again: a player
/// of another match, whose connection shares the loop, waited behind the whole fan-out for the frame
/// of its opponent's move (docs/PERFORMANCE.md, measurement 10). Here a wake-up only joins a lane:
/// - connections that play a seat (`Connection.isSeated`) are written first, all of them, at every turn;
/// - every other connection (spectators) waits in the audience lane and is written `chunk` at a time,
///   the loop going back to its sockets and other tasks between chunks (`pause`).
///
/// A wake-up that finds the lanes idle schedules the one task; the task drains the players, writes a
/// chunk of the audience, and schedules itself again, a moment later, while anything waits. A writer
/// woken twice before it runs writes twice: the second finds its queue empty (`writeQueued` is
/// idempotent).
package final class LoopWriters: Sendable {
    /// How many spectators' writers run between two looks at the sockets: at the 5–20 µs a `writev` costs
    /// on loopback here, a few milliseconds.
    package static let chunk = 256

    private let eventLoop: any EventLoop
    private let lanes = Mutex(WriterLanes<SessionSlot>(chunk: LoopWriters.chunk))

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Asks for `writer` to write what its connection has queued, in the players' lane when `plays`.
    func wake(_ writer: SessionSlot, plays: Bool) {
        let schedules = lanes.withLock { lanes in
            lanes.add(writer, plays: plays)
            guard !lanes.scheduled else { return false }
            lanes.scheduled = true
            return true
        }
        if schedules { eventLoop.execute { self.runTurn() } }
    }

    /// One turn of the loop's task: every player's writer, then a chunk of the audience's.
    private func runTurn() {
        let turn = lanes.withLock { $0.takeTurn() }
        for writer in turn { writer.value?.writeQueued() }
        let again = lanes.withLock { lanes in
            if lanes.isEmpty { lanes.scheduled = false }
            return lanes.scheduled
        }
        // Due a moment from now, not at once: NIO runs every task that is due before it looks at its
        // sockets again, so a task given with `execute` would write the whole audience before the loop
        // reads a player's next move. Waiting `pause` ends the loop's batch of tasks; the loop then
        // reads what its sockets have and comes back.
        if again { eventLoop.scheduleTask(in: Self.pause) { self.runTurn() } }
    }

    /// The wait between two chunks of the audience: long enough to outlast the other tasks the loop runs
    /// in the same batch (so that it reads its sockets first), short next to a chunk's writes
    /// (milliseconds).
    static let pause = TimeAmount.microseconds(50)
}

/// The two lanes of `LoopWriters`, apart from the loop so that their order can be tested.
package struct WriterLanes<Writer> {
    private var players: [Writer] = []
    private var audience: [Writer] = []
    /// The first of `audience` not taken yet: the lane is consumed from the front without moving it.
    private var audienceHead = 0
    /// How many of the audience one turn takes.
    package let chunk: Int
    /// A task of the loop is scheduled or running and will look at the lanes again.
    package var scheduled = false

    package init(chunk: Int) {
        self.chunk = chunk
    }

    package var isEmpty: Bool { players.isEmpty && audienceHead == audience.count }

    package mutating func add(_ writer: Writer, plays: Bool) {
        if plays { players.append(writer) } else { audience.append(writer) }
    }

    /// Every player's writer, in the order they were woken, then the next `chunk` of the audience's.
    package mutating func takeTurn() -> [Writer] {
        var turn = players
        players.removeAll(keepingCapacity: true)
        let end = min(audienceHead + chunk, audience.count)
        turn += audience[audienceHead..<end]
        audienceHead = end
        if audienceHead == audience.count {
            audience.removeAll(keepingCapacity: true)
            audienceHead = 0
        } else if audienceHead > 4 * chunk && audienceHead * 2 > audience.count {
            // Compact now and then, so that a lane that never empties does not grow for ever.
            audience.removeFirst(audienceHead)
            audienceHead = 0
        }
        return turn
    }
}

/// One `Value` per event loop of a server, made on first use.
package final class PerEventLoop<Value: Sendable>: Sendable {
    private let byLoop = Mutex<[ObjectIdentifier: Value]>([:])
    private let make: @Sendable (any EventLoop) -> Value

    init(_ make: @escaping @Sendable (any EventLoop) -> Value) {
        self.make = make
    }

    /// The value of `eventLoop`; made by the first caller, which must be on that loop.
    func value(of eventLoop: any EventLoop) -> Value {
        byLoop.withLock { byLoop in
            let key = ObjectIdentifier(eventLoop)
            if let value = byLoop[key] { return value }
            let value = make(eventLoop)
            byLoop[key] = value
            return value
        }
    }
}

/// Where a connection's wake-up and its loop's ping wheel find the session: the session itself until
/// the pipeline lets it go (`handlerRemoved`, which NIO calls for every handler when the channel
/// closes), nil after.
///
/// The wake-up outlives the pipeline (the host holds the connection until it hears of the close), and a
/// session held there for good would keep session and connection alive in a cycle; emptying the slot
/// when the channel closes breaks it. A strong reference, not a weak one (a weak load goes through the
/// object's side table, one more cache miss per spectator per board), and a box that holds its event
/// loop once: the lanes copy slots, and a copy of an `NIOLoopBound` retains the event loop, one object
/// whose count the host's thread and the loop's would pass back and forth ten thousand times a board
/// (issue 44).
typealias SessionSlot = NIOLoopBoundBox<WebSocketSession?>
