import Hummingbird
import Logging
import NIOCore

/// The listener of `GET /metrics`, apart from the public port (`--metrics-address`): the metrics tell
/// how many matches and connections the server holds, which is for its operator only, so a server
/// serves them on an address of the operator's choosing, typically loopback or a private network, and
/// the public port answers `/metrics` with 404.
enum MetricsListener {
    /// A service that serves `endpoint` at `GET /metrics` on `address` (anything else 404) until the
    /// service group it runs in shuts down. `onListening` gets the bound port.
    static func service(
        address: ListenAddress, endpoint: MetricsEndpoint, logger: Logger, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let router = Router()
        router.get("/metrics") { _, _ in endpoint.response() }
        return Application(
            router: router,
            // A scraper asks once in a while over a fresh or kept-alive connection: short timeouts and a
            // small connection cap keep a stray client on this port from holding anything.
            server: .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: .init(
                address: .hostname(address.host, port: address.port), serverName: nil,
                availableConnectionsDelegate: .maximum(16, logger: logger)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.info("metrics on http://\(ListenAddress(host: address.host, port: port))/metrics")
                onListening(port)
            },
            logger: logger
        )
    }
}
