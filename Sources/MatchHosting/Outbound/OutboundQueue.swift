import NIOCore
import Synchronization

/// What a connection's writer sends next.
package enum OutboundItem: Sendable {
    /// A text frame's UTF-8 payload. One message's buffer is shared by every connection it goes to
    /// (a `ByteBuffer` is copy-on-write), so a broadcast is neither encoded nor copied per connection.
    case text(ByteBuffer)
    /// Messages framed for the wire already: the broadcasts of one change, framed once for every
    /// connection of the match and written as they are.
    case frames(TextFrames)
    /// Close the WebSocket with this code (RFC 6455) and reason, then send nothing more.
    case close(code: UInt16, reason: String)

    package var isClose: Bool {
        if case .close = self { true } else { false }
    }

    /// The messages' payloads, in order (none for a close): what a client reads of the item.
    package var payloads: [ByteBuffer] {
        switch self {
        case .text(let payload): [payload]
        case .frames(let frames): frames.payloads ?? []
        case .close: []
        }
    }

    /// How many messages the item is, as the queue's limit counts them (a close counts for none).
    var messageCount: Int {
        switch self {
        case .text: 1
        case .frames(let frames): frames.count
        case .close: 0
        }
    }
}

/// The messages waiting to be written to one connection, bounded.
///
/// A match host pushes without waiting (it must never wait on a slow reader); the connection's writer
/// on its event loop takes. When a client does not read, the socket stops being writable, the writer
/// stops taking and the queue fills; `push` reports it and the host decides: a spectator is dropped,
/// a player gets a fresh snapshot in place of the backlog.
///
/// The writer is woken, not polled: the push that finds the queue idle calls `wake` once; the writer
/// then takes until `take()` answers nil, which marks the queue idle again in the same critical section,
/// so a wake-up is never lost and never doubled. A close is the exception: queuing one always wakes the
/// writer, even one that waits for the socket to take more, so that the close's deadline starts at once
/// (`closeQueued`).
package final class OutboundQueue: Sendable {
    private struct State {
        var items: [OutboundItem] = []
        var head = 0
        /// The messages among `items[head...]`: what the limit counts.
        var messages = 0
        /// A wake-up was sent and the writer has not yet found the queue empty.
        var writerScheduled = false
        var isFinished = false

        mutating func popFirst() -> OutboundItem? {
            guard head < items.count else { return nil }
            let item = items[head]
            head += 1
            messages -= item.messageCount
            if head == items.count {
                // Empty: start over at the front, keeping the capacity for the next burst.
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head > 64 && head * 2 > items.count {
                // Compact now and then so the array does not grow with everything ever sent.
                items.removeFirst(head)
                head = 0
            }
            return item
        }

        /// Marks the writer scheduled; true when this call is the one that must wake it. One that brings a
        /// close wakes it in any case.
        mutating func scheduleWriter(bringingClose: Bool = false) -> Bool {
            guard !writerScheduled else { return bringingClose }
            writerScheduled = true
            return true
        }
    }

    /// The result of a push.
    package enum PushResult: Sendable, Equatable {
        case queued
        /// The queue already held `limit` messages; nothing was added.
        case full
        /// The connection is gone.
        case finished
    }

    private let state = Mutex(State())
    /// A close was queued (set under `state`'s lock, read without it): the writer asks at every turn,
    /// and an atomic load costs it less than the lock (issue 44).
    private let closeWaiting = Atomic<Bool>(false)
    private let wake: @Sendable (_ seated: Bool) -> Void
    /// Whether the connection plays a seat now, as its match last said: handed to every wake-up, so that
    /// a player's writer runs before the audience's (`LoopWriters`). Kept here, beside the lock the push
    /// has just taken, rather than in an object of its own that the wake-up would have to fetch from
    /// memory for each of ten thousand spectators (issue 44).
    private let seated = Atomic<Bool>(false)
    package let limit: Int

    /// - Parameter wake: asks the writer to come and `take()`; called at most once until `take()`
    ///   has answered nil, and once more for a close or a `wakeAgain()`, with whether the connection
    ///   plays a seat. It must not call back into the queue synchronously.
    package init(limit: Int, wake: @escaping @Sendable (_ seated: Bool) -> Void) {
        self.limit = limit
        self.wake = wake
    }

    /// Queues `item` unless the queue is full or finished. A close is always queued.
    package func push(_ item: OutboundItem) -> PushResult {
        let (result, wakes): (PushResult, Bool) = state.withLock { state in
            if state.isFinished { return (.finished, false) }
            if !item.isClose, state.messages >= limit { return (.full, false) }
            state.items.append(item)
            state.messages += item.messageCount
            if item.isClose { closeWaiting.store(true, ordering: .relaxed) }
            return (.queued, state.scheduleWriter(bringingClose: item.isClose))
        }
        if wakes { wake(isSeated) }
        return result
    }

    /// Whether the connection plays a seat (set by its match).
    package var isSeated: Bool { seated.load(ordering: .relaxed) }

    /// The connection takes (true) or leaves a seat: a writer waiting in the audience's lane is woken
    /// again, in the players' (see `wakeAgain`).
    func setSeated(_ isSeated: Bool) {
        seated.store(isSeated, ordering: .relaxed)
        if isSeated { wakeAgain() }
    }

    /// Wakes the writer again if it is waiting to be run: the connection was given a seat, and its writer
    /// should not wait in the audience's lane (`LoopWriters`) for what it was woken for as a spectator.
    /// A writer run twice finds nothing the second time.
    func wakeAgain() {
        let wakes = state.withLock { $0.writerScheduled && !$0.isFinished }
        if wakes { wake(isSeated) }
    }

    /// Drops everything queued and queues `items` in its place (a fresh snapshot for a slow player).
    package func replaceAll(with items: [OutboundItem]) {
        let wakes: Bool = state.withLock { state in
            guard !state.isFinished else { return false }
            state.items = items
            state.head = 0
            state.messages = items.reduce(0) { $0 + $1.messageCount }
            let bringsClose = items.contains { $0.isClose }
            closeWaiting.store(bringsClose, ordering: .relaxed)
            return !items.isEmpty && state.scheduleWriter(bringingClose: bringsClose)
        }
        if wakes { wake(isSeated) }
    }

    /// The next item to write; nil when there is none, which also marks the writer idle (the next push
    /// wakes it again).
    package func take() -> OutboundItem? {
        state.withLock { state in
            if let item = state.popFirst() { return item }
            state.writerScheduled = false
            return nil
        }
    }

    /// Ends the queue: later pushes are refused and what is queued is dropped (the socket is gone, or
    /// its close was written).
    package func finish() {
        state.withLock { state in
            state.isFinished = true
            state.items = []
            state.head = 0
            state.messages = 0
            closeWaiting.store(false, ordering: .relaxed)
        }
    }

    /// Whether a close waits to be written: the writer starts its deadline even while the socket takes
    /// nothing, so that a client that does not read cannot hold the connection open.
    package var closeQueued: Bool { closeWaiting.load(ordering: .relaxed) }

    /// How many messages wait to be written.
    package var count: Int { state.withLock { $0.messages } }
}
