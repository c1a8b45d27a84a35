import NIOCore
import NIOSSL
import WebSocketTransport

/// HTTPS and `wss://` on the public port (`--tls-cert`, `--tls-key`): what `GameServerChannel` puts at
/// the front of each connection's pipeline, and the context that SIGHUP reloads.
struct ServerTLS: TLSHandlers {
    let context: ReloadableTLSContext

    /// The TLS of `configuration`, or nil when it serves plain HTTP.
    /// - Throws: `TLSSetupError` for one of the two options without the other, or a pair that cannot
    ///   serve (missing, a directory, unreadable, not PEM, a key of another certificate).
    static func load(_ configuration: ServerConfiguration) throws(TLSSetupError) -> ServerTLS? {
        switch (configuration.tlsCertificatePath, configuration.tlsKeyPath) {
        case (nil, nil):
            return nil
        case (let certificate?, let key?):
            return ServerTLS(context: try ReloadableTLSContext(pair: CertificatePair(certificatePath: certificate, keyPath: key)))
        case (nil, _):
            throw TLSSetupError(option: "tlsCert", problem: "is missing: --tls-key needs the certificate it belongs to")
        case (_, nil):
            throw TLSSetupError(option: "tlsKey", problem: "is missing: --tls-cert needs its private key")
        }
    }

    /// Puts TLS at the front of a new connection's pipeline: first the check that the client speaks TLS
    /// at all (`PlainHTTPRefusal`), then the TLS handler with the context of the moment.
    func addHandlers(to channel: any Channel) throws {
        try channel.pipeline.syncOperations.addHandlers([
            PlainHTTPRefusal(), NIOSSLServerHandler(context: context.current),
        ])
    }
}
