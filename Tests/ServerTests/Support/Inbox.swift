import Foundation
import Synchronization

/// Texts received by a test client, read in order with a timeout.
final class Inbox: Sendable {
    private struct State {
        var texts: [String] = []
        /// Every text ever appended, read or not.
        var received: [String] = []
        var isFinished = false
        var waiter: (id: Int, continuation: CheckedContinuation<String?, Never>)?
        var nextWaiterID = 0
    }

    private let state = Mutex(State())

    func append(_ text: String) {
        let waiter: CheckedContinuation<String?, Never>? = state.withLock { state in
            state.received.append(text)
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter.continuation
            }
            state.texts.append(text)
            return nil
        }
        waiter?.resume(returning: text)
    }

    func finish() {
        let waiter = state.withLock { state in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
        waiter?.resume(returning: nil)
    }

    /// The next text; nil when the socket closed first or nothing came within `timeout`.
    func next(timeout: Duration) async -> String? {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume(returning: nil)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let immediate: String?? = state.withLock { state in
                if !state.texts.isEmpty { return .some(state.texts.removeFirst()) }
                if state.isFinished { return .some(nil) }
                state.waiter = (id, continuation)
                return .none
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    /// Everything received so far, read or not, in order: what the client was told.
    func received() -> [String] {
        state.withLock { $0.received }
    }

    /// Everything received and not read yet.
    func drain() -> [String] {
        state.withLock { state in
            defer { state.texts = [] }
            return state.texts
        }
    }
}
