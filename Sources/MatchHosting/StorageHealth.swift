import Synchronization

/// Whether the store's last write failed (a full disk, an I/O error): `/healthz` reports the server
/// degraded until a write succeeds again.
package final class StorageHealth: Sendable {
    private let failing = Atomic<Bool>(false)

    /// Whether the last write failed.
    package var isFailing: Bool { failing.load(ordering: .relaxed) }

    /// A write (a match created, records appended) failed.
    package func writeFailed() { failing.store(true, ordering: .relaxed) }

    /// A write succeeded.
    package func writeSucceeded() { failing.store(false, ordering: .relaxed) }
}
