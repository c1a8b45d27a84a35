import Synchronization

/// What the connections of a match hand to its host: filled from the connections' event loops
/// without waiting for the actor, emptied on the actor in batches by one task at a time, so that a
/// connection's messages keep their order and a burst of messages to one match costs one hop onto
/// the actor, not one task each.
final class HostMailbox<Item: Sendable>: Sendable {
    private struct State {
        var items: [(connectionID: UInt64, item: Item)] = []
        /// A task is emptying the mailbox, and will look again before it stops.
        var isDraining = false
    }

    private let state = Mutex(State())

    /// Queues `item` of connection `connectionID`. Never waits. Returns true when no task is emptying
    /// the mailbox: the caller must start one (which calls `take()` until it returns nothing).
    func post(_ item: Item, from connectionID: UInt64) -> Bool {
        state.withLock { state in
            state.items.append((connectionID, item))
            guard !state.isDraining else { return false }
            state.isDraining = true
            return true
        }
    }

    /// Hands `body` everything queued, in order, until the mailbox is empty (which ends the draining).
    func drain(_ body: (_ connectionID: UInt64, _ item: Item) -> Void) {
        while case let batch = take(), !batch.isEmpty {
            for (connectionID, item) in batch { body(connectionID, item) }
        }
    }

    /// Everything queued since the last call, in order. Empty once the mailbox is empty, which ends
    /// the draining: the next `post` asks for a new task.
    func take() -> [(connectionID: UInt64, item: Item)] {
        state.withLock { state in
            if state.items.isEmpty { state.isDraining = false }
            defer { state.items = [] }
            return state.items
        }
    }
}
