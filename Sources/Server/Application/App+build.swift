import Accounts
import GameUnits
import Hummingbird
import Logging
import MatchHosting
import MatchStore
import MatchWords
import NIOCore
import Prometheus
import ServiceLifecycle
import WebSocketTransport

/// Builds the whole server: storage, the match registry, the HTTP routes, the WebSocket channels and the
/// services that start and stop them. Run it with `runService()`; it serves until SIGTERM or SIGINT
/// (or until its task is cancelled), then shuts down as `GameApplication` describes.
///
/// - Parameters:
///   - configuration: the options (docs/PROTOCOL.md "Running", README "Options").
///   - games: the games the server offers (`GameCatalog.standard`, the one list of games).
///   - logger: where the server logs.
///   - metricsRegistry: served at `GET /metrics` on `configuration.metricsAddress` (nowhere when nil).
///     Bootstrap `MetricsSystem` with
///     `ServerMetrics.bootstrapPrometheus()` (once per process) for the server's own metrics to appear
///     in it; without that they go to swift-metrics' no-op factory.
///   - onListening: called with the bound port once connections are accepted.
///   - onMetricsListening: called with the metrics listener's bound port once it accepts connections.
/// - Throws: when the store cannot be opened; `TLSSetupError` when the certificate or key cannot serve.
package func buildApplication(
    configuration: ServerConfiguration,
    games: GameCatalog,
    logger: Logger = Logger(label: "tictactoe"),
    metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    clock: HostClock = .continuous,
    onListening: @escaping @Sendable (Int) -> Void = { _ in },
    onMetricsListening: @escaping @Sendable (Int) -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    try await buildApplication(
        configuration: configuration, games: games, store: nil, logger: logger, metricsRegistry: metricsRegistry, clock: clock,
        onListening: onListening, onMetricsListening: onMetricsListening)
}

/// `buildApplication` with `store` instead of the one the configuration names, when given (tests).
func buildApplication(
    configuration: ServerConfiguration,
    games: GameCatalog,
    store: (any MatchStore)?,
    logger: Logger,
    metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    clock: HostClock = .continuous,
    onListening: @escaping @Sendable (Int) -> Void,
    onMetricsListening: @escaping @Sendable (Int) -> Void = { _ in },
    onRedirectListening: @escaping @Sendable (Int) -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    // The certificate first: a pair that cannot serve stops the start before the store is opened.
    let tls = try ServerTLS.load(configuration)
    let context = try await ServerContext(
        configuration: configuration, games: games, metricsRegistry: metricsRegistry, clock: clock, logger: logger, store: store)
    logConnectionCapacity(maxConnections: configuration.maxConnections, capacity: .current(tls: tls != nil), logger: logger)
    let host = configuration.host
    let scheme = tls == nil ? "http" : "https"
    let boundPort = BoundPort(configuration.port)
    let connections = OpenConnections(maxConnections: configuration.maxConnections, metrics: context.metrics, logger: logger)
    let application = Application(
        router: buildRouter(context),
        server: .gameServer(
            admission: context.admission, tls: tls,
            timeouts: .init(
                handshake: configuration.handshakeTimeout, httpIdle: configuration.httpIdleTimeout, body: configuration.bodyTimeout),
            webSocket: .init(
                maxMessageSize: configuration.maxFrameSize,
                session: .init(
                    messagesPerSecond: configuration.messagesPerSecond,
                    outboundQueueLimit: configuration.outboundQueueLimit,
                    pingInterval: configuration.webSocketPingInterval,
                    closeTimeout: configuration.webSocketCloseTimeout
                ),
                registry: context.registry, metrics: context.metrics, logger: logger
            ),
            connections: connections
        ),
        configuration: .init(
            address: .hostname(host, port: configuration.port), serverName: nil,
            availableConnectionsDelegate: ConnectionBudget(connections: connections)),
        onServerRunning: { channel in
            // One accept per read: NIO accepts up to four connections per read by default, and
            // `ConnectionBudget` can stop the next read only, so a burst waiting in the backlog when a
            // place freed went over `--max-connections` by up to three.
            channel.setOption(ChannelOptions.maxMessagesPerRead, value: 1).whenFailure { error in
                logger.warning("could not make the listener accept one connection at a time: \(error)")
            }
            let port = channel.localAddress?.port ?? 0
            boundPort.set(port)
            logger.info("listening on \(scheme)://\(host):\(port)")
            onListening(port)
        },
        logger: logger
    )
    let metrics = configuration.metricsAddress.map { address in
        MetricsListener.service(
            address: address, endpoint: MetricsEndpoint(registry: metricsRegistry), logger: logger, onListening: onMetricsListening)
    }
    var tlsServices: [any Service] = []
    if let tls {
        tlsServices.append(CertificateReloadService(context: tls.context, logger: logger))
        if let redirectPort = configuration.redirectHTTPPort {
            tlsServices.append(
                HTTPSRedirect.service(
                    host: host, port: redirectPort, httpsPort: boundPort, context: context, onListening: onRedirectListening))
        }
    }
    return GameApplication(base: application, metricsListener: metrics, tlsServices: tlsServices, context: context)
}

/// The routes of docs/PROTOCOL.md behind the middleware every answer goes through: HSTS over HTTPS, the security
/// headers, the client behind trusted proxies (and its count of connections), the allowed hosts, the body limit, the 404 page, paths with control characters refused, the files of `Public/`. The WebSocket upgrade itself never
/// reaches the router (`GameServerChannel` takes it on the socket).
func buildRouter(_ context: ServerContext) -> Router<AppRequestContext> {
    let configuration = context.configuration
    let router = Router(context: AppRequestContext.self)
    let pages = Pages(publicDirectory: configuration.publicDirectory)
    if configuration.usesTLS { router.add(middleware: HSTSMiddleware()) }
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ForwardedClientMiddleware(proxies: context.trustedProxies))
    router.add(
        middleware: ForwardedClientLimitMiddleware(
            proxies: context.trustedProxies, limits: context.admission.connectionLimits, metrics: context.metrics))
    router.add(middleware: AllowedHostMiddleware(policy: context.hostPolicy, logger: context.logger))
    router.add(middleware: BodyLimitMiddleware(maxBytes: configuration.maxRequestBodySize, logger: context.logger))
    router.add(middleware: NotFoundPageMiddleware(pages: pages))
    router.add(middleware: PathCharactersMiddleware())
    // `no-cache`: a browser may keep the files but asks (with their ETag) before each use, so a new release of
    // the page is picked up on the next load, with or without the service worker (Public/sw.js).
    router.add(
        middleware: FileMiddleware(
            configuration.publicDirectory, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: false,
            logger: context.logger))
    Routes(
        registry: context.registry, state: context.state, pages: pages, originPolicy: context.originPolicy,
        creationLimiter: AddressRateLimiter(perMinute: configuration.matchesPerAddressPerMinute), matchmaker: context.matchmaker,
        accounts: context.accountStore.map(PasskeyCeremonies.init(store:)), ratings: context.ratingStore, usesTLS: configuration.usesTLS,
        ceremonyLimiter: AddressRateLimiter(perMinute: configuration.passkeyOptionsPerAddressPerMinute), logger: context.logger
    ).add(to: router)
    WebSocketRoute(admission: context.admission).add(to: router)
    return router
}

/// Logs how many connections the server holds and why; warns when `--max-connections` is above what the
/// open-file limit allows, since the connections past it would fail to be accepted (EMFILE).
func logConnectionCapacity(maxConnections: Int, capacity: ConnectionCapacity = .current(), logger: Logger) {
    logger.info("\(capacity.describe(maxConnections: maxConnections))")
    if maxConnections > capacity.byOpenFiles {
        logger.warning(
            "--max-connections \(maxConnections) is more than the open-file limit allows, \(capacity.byOpenFiles) (limit \(capacity.openFiles) less \(capacity.reserve)): raise the hard limit (ulimit -Hn, LimitNOFILE=) or lower --max-connections"
        )
    }
}
