import Logging
import NIOSSL
import Synchronization

/// The TLS context new connections take, replaced by `reload()` when the certificate is renewed.
///
/// Each connection's `NIOSSLServerHandler` keeps the context it was made with, so a reload changes
/// nothing for connections already open (their sessions go on, the WebSocket stays up): only handshakes
/// that start after it use the new pair, as a Let's Encrypt renewal expects.
final class ReloadableTLSContext: Sendable {
    let pair: CertificatePair
    /// `NIOSSLContext` is Sendable and immutable once made; the mutex only orders replacing it against
    /// the accept path's reads, which take it for the few nanoseconds of a reference copy.
    private let context: Mutex<NIOSSLContext>

    /// Reads the pair.
    /// - Throws: `TLSSetupError` when it cannot serve (`CertificatePair.makeContext`).
    init(pair: CertificatePair) throws(TLSSetupError) {
        self.pair = pair
        context = Mutex(try pair.makeContext())
    }

    /// The context for a handshake starting now.
    var current: NIOSSLContext { context.withLock { $0 } }

    /// Reads the pair's files again and serves the new pair to new handshakes; when it cannot serve,
    /// keeps the one in use and logs why.
    /// - Returns: whether the new pair is now served.
    @discardableResult
    func reload(logger: Logger) -> Bool {
        do {
            let fresh = try pair.makeContext()
            context.withLock { $0 = fresh }
            logger.notice("TLS certificate reloaded", metadata: ["certificate": "\(pair.certificatePath)", "key": "\(pair.keyPath)"])
            return true
        } catch {
            logger.error("TLS certificate not reloaded, the previous one is still served: \(error)")
            return false
        }
    }
}
