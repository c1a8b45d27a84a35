import Synchronization

/// Whether the store's last write failed (a full disk, an I/O error): `/healthz` reports the server
/// degraded until a write succeeds again.
final class StorageHealth: Sendable {
    private let failing = Atomic<Bool>(false)

    /// Whether the last write failed.
    var isFailing: Bool { failing.load(ordering: .relaxed) }

    /// A write (a match created, records appended) failed.
    func writeFailed() { failing.store(true, ordering: .relaxed) }

    /// A write succeeded.
    func writeSucceeded() { failing.store(false, ordering: .relaxed) }
}
