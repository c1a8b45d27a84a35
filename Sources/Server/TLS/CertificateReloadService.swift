import Logging
import ServiceLifecycle
import UnixSignals

/// Reads the certificate and key again on every `SIGHUP` (what a renewal hook such as certbot's
/// `--deploy-hook "kill -HUP PID"` sends), until the server shuts down. Open connections are left as
/// they are; see `ReloadableTLSContext.reload`.
struct CertificateReloadService: Service, CustomStringConvertible {
    var description: String { "CertificateReloadService" }

    let context: ReloadableTLSContext
    let logger: Logger

    func run() async throws {
        let hangUps = await UnixSignalsSequence(trapping: .sighup)
        for await _ in hangUps.cancelOnGracefulShutdown() {
            context.reload(logger: logger)
        }
    }
}
