import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import WebSocketTransport

/// The listener of `--redirect-http-port`: answers every plain-HTTP request with `308 Permanent Redirect`
/// to the same path on the HTTPS port, so that a visitor who typed the bare name lands on the page.
/// 308 rather than 301 keeps the method and body of a `POST`.
enum HTTPSRedirect {
    /// A service serving the redirect on `port` of `host` until the service group shuts down.
    /// - Parameters:
    ///   - httpsPort: the HTTPS port, once bound (it may have been asked for as 0).
    ///   - context: for the client behind trusted proxies and the allowed host names (a name the server
    ///     does not answer for gets 421 here too, not a redirect to it).
    static func service(
        host: String, port: Int, httpsPort: BoundPort, context: ServerContext, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let logger = context.logger
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ForwardedClientMiddleware(proxies: context.trustedProxies))
        router.add(middleware: AllowedHostMiddleware(policy: context.hostPolicy, logger: logger))
        router.add(middleware: Redirect(fallbackHost: host, httpsPort: httpsPort))
        return Application(
            router: router,
            // A redirect is one short answer: a short idle time keeps a stray client from holding a slot.
            server: .http1(configuration: .init(idleTimeout: .seconds(10))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: nil, availableConnectionsDelegate: .maximum(256, logger: logger)),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                logger.info("redirecting http://\(host):\(bound) to https")
                onListening(bound)
            },
            logger: logger
        )
    }

    /// The answer to every request that reaches it.
    struct Redirect: RouterMiddleware {
        typealias Context = AppRequestContext
        let fallbackHost: String
        let httpsPort: BoundPort

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            let location = Self.location(
                authority: context.client.authority, fallbackHost: fallbackHost, httpsPort: httpsPort.value, path: request.uri.description)
            return Response(status: .permanentRedirect, headers: [.location: location, .contentLength: "0", .cacheControl: "no-store"])
        }

        /// `https://` + the host asked for (else the bound address) + the HTTPS port unless 443 + the path
        /// with its query.
        static func location(authority: String?, fallbackHost: String, httpsPort: Int, path: String) -> String {
            let host = HostPolicy.hostName(of: authority ?? fallbackHost)
            let port = httpsPort == 443 ? "" : ":\(httpsPort)"
            return "https://\(host)\(port)\(path.hasPrefix("/") ? path : "/" + path)"
        }
    }
}

/// A port known once its listener is bound (`--port 0` picks one), read by what runs after.
final class BoundPort: Sendable {
    private let port: Atomic<Int>

    init(_ port: Int) { self.port = Atomic(port) }

    var value: Int { port.load(ordering: .acquiring) }

    func set(_ port: Int) { self.port.store(port, ordering: .releasing) }
}
