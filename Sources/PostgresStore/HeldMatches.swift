import MatchStore
import MatchWords
import Synchronization

/// The matches this store's server hosts, each with the epoch it took it in (`PostgresOwnership`):
/// every append to a held match is conditioned on that epoch, so that once another server has taken
/// the match (moving the epoch on) nothing this server appends is stored any more.
final class HeldMatches: Sendable {
    /// Never an epoch: an append conditioned on it is refused. A match another server took keeps it
    /// until this server loads the match again or lets go of it.
    static let lost = -2
    /// Not held: the append is conditioned on the sequence only (a store that reads without loading,
    /// as tools do).
    static let notHeld = -1

    private let epochs = Mutex<[MatchID: Int]>([:])

    /// This server took `id` in `epoch` (created it, or loaded it).
    func hold(_ id: MatchID, epoch: Int) {
        epochs.withLock { $0[id] = epoch }
    }

    /// The epoch each of `ids` is held in: `notHeld`, `lost` or the epoch.
    func epochs(of ids: some Sequence<MatchID>) -> [MatchID: Int] {
        epochs.withLock { epochs in
            var found: [MatchID: Int] = [:]
            for id in ids { found[id] = epochs[id] ?? Self.notHeld }
            return found
        }
    }

    /// Another server took `id` in `epoch`: true when this server held it in an earlier epoch, which it
    /// has now lost.
    func takenElsewhere(_ id: MatchID, epoch: Int) -> Bool {
        epochs.withLock { epochs in
            guard let held = epochs[id], held >= 0, held < epoch else { return false }
            epochs[id] = Self.lost
            return true
        }
    }

    /// Whether `id` was taken by another server since this one held it, and not loaded again nor let go.
    func isLost(_ id: MatchID) -> Bool {
        epochs.withLock { $0[id] == Self.lost }
    }

    /// Of `ids`, those still held: marks them lost and returns them.
    func markLost(_ ids: [MatchID]) -> [MatchID] {
        epochs.withLock { epochs in
            ids.filter { id in
                guard let held = epochs[id], held >= 0 else { return false }
                epochs[id] = Self.lost
                return true
            }
        }
    }

    /// Forgets `id`; returns the epoch it was held in, if it was still held.
    func release(_ id: MatchID) -> Int? {
        epochs.withLock { epochs in
            guard let held = epochs.removeValue(forKey: id), held >= 0 else { return nil }
            return held
        }
    }

    /// Every match still held, with its epoch.
    var all: [MatchID: Int] {
        epochs.withLock { $0.filter { $0.value >= 0 } }
    }
}
