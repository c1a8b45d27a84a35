import MatchTree
import RIBs

/// What a host's "write before tell" keeps between events: the changes waiting in commit order
/// (`Outbox`), the records the store does not hold yet (`PendingAppends`), and who waits for them.
struct CommitPipeline {
    var outbox = Outbox<OutgoingChange>()
    var appends = PendingAppends()
    /// Callers waiting until the writer has stored everything (`MatchHost.writesDrained()`).
    var drainWaiters: [CheckedContinuation<Void, Never>] = []
    /// Requests for the RIB tree waiting for the outbox to empty (`MatchHost.ribTree()`).
    var ribTreeWaiters: [CheckedContinuation<RIBDescription?, Never>] = []

    /// Nothing waits to be written or told.
    var isIdle: Bool { appends.isIdle && outbox.isEmpty }

    mutating func answerRIBTreeWaiters(with tree: RIBDescription?) {
        let waiters = ribTreeWaiters
        ribTreeWaiters = []
        waiters.forEach { $0.resume(returning: tree) }
    }

    mutating func writerStopped() {
        appends.writerStopped()
        let waiters = drainWaiters
        drainWaiters = []
        waiters.forEach { $0.resume() }
    }
}
