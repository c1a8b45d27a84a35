import MatchStore
import MatchWords
import Synchronization

/// The last sequence of each match's log as this store has seen it (written or read): what its next
/// append to the match is conditioned on. When another writer has gone further, the append is refused
/// (`MatchStoreError.appendedElsewhere`) and the entry stays behind, so every later append is refused
/// too, until the log is read again.
final class KnownSequences: Sendable {
    private let sequences = Mutex<[MatchID: Int]>([:])

    /// The known last sequences of `ids` (absent: never seen).
    func lastSequences(of ids: some Sequence<MatchID>) -> [MatchID: Int] {
        sequences.withLock { sequences in
            var found: [MatchID: Int] = [:]
            for id in ids { found[id] = sequences[id] }
            return found
        }
    }

    /// Notes what a committed write or a read saw. Never lowers an entry: a read that started before
    /// this store's own commit must not undo it.
    func saw(_ seen: [MatchID: Int]) {
        sequences.withLock { sequences in
            sequences.merge(seen, uniquingKeysWith: max)
        }
    }

    /// Forgets matches deleted, or let go of by their server (the memory would otherwise grow with
    /// every match the store ever touched).
    func forget(_ ids: [MatchID]) {
        sequences.withLock { sequences in
            for id in ids { sequences[id] = nil }
        }
    }
}
