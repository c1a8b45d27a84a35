import NIOCore
import Synchronization

/// What a connection's writer sends next.
enum OutboundItem: Sendable {
    /// A text frame's UTF-8 payload. One message's buffer is shared by every connection it goes to
    /// (a `ByteBuffer` is copy-on-write), so a broadcast is neither encoded nor copied per connection.
    case text(ByteBuffer)
    /// Close the WebSocket with this code (RFC 6455) and reason, then send nothing more.
    case close(code: UInt16, reason: String)
}

/// The messages waiting to be written to one connection, bounded.
///
/// A match host pushes without waiting (it must never wait on a slow reader); the connection's writer
/// task pulls. When a client does not read, the queue fills; `push` reports it and the host decides:
/// a spectator is dropped, a player gets a fresh snapshot in place of the backlog.
final class OutboundQueue: Sendable {
    private struct State {
        var items: [OutboundItem] = []
        var head = 0
        var waiter: CheckedContinuation<OutboundItem?, Never>?
        var isFinished = false

        var count: Int { items.count - head }

        mutating func popFirst() -> OutboundItem? {
            guard head < items.count else { return nil }
            let item = items[head]
            head += 1
            // Compact now and then so the array does not grow with everything ever sent.
            if head > 64 && head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    /// The result of a push.
    enum PushResult: Sendable, Equatable {
        case queued
        /// The queue already held `limit` items; nothing was added.
        case full
        /// The connection is gone.
        case finished
    }

    private let state = Mutex(State())
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Queues `item` unless the queue is full or finished. A close is always queued.
    func push(_ item: OutboundItem) -> PushResult {
        let (result, waiter): (PushResult, CheckedContinuation<OutboundItem?, Never>?) = state.withLock { state in
            if state.isFinished { return (.finished, nil) }
            if case .text = item, state.count >= limit { return (.full, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (.queued, waiter)
            }
            state.items.append(item)
            return (.queued, nil)
        }
        waiter?.resume(returning: item)
        return result
    }

    /// Drops everything queued and queues `items` in its place (a fresh snapshot for a slow player).
    func replaceAll(with items: [OutboundItem]) {
        let handOff: (CheckedContinuation<OutboundItem?, Never>, OutboundItem)? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.items = []
            state.head = 0
            var rest = items[...]
            // A waiting writer means the queue was empty: give it the first item directly.
            if let waiter = state.waiter, let first = rest.popFirst() {
                state.waiter = nil
                state.items.append(contentsOf: rest)
                return (waiter, first)
            }
            state.items.append(contentsOf: rest)
            return nil
        }
        if let (waiter, first) = handOff { waiter.resume(returning: first) }
    }

    /// The next item to write, waiting for one; nil once finished.
    func next() async -> OutboundItem? {
        await withCheckedContinuation { continuation in
            let immediate: OutboundItem?? = state.withLock { state in
                if let item = state.popFirst() { return .some(item) }
                if state.isFinished { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    /// Ends the queue: later pushes are refused; the writer gets what is already queued (a close, say)
    /// and then stops.
    func finish() {
        let waiter: CheckedContinuation<OutboundItem?, Never>? = state.withLock { state in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// How many items wait to be written.
    var count: Int { state.withLock { $0.count } }
}
