import Foundation
import Hummingbird
import Logging
import MatchStore
import NIOCore
import Prometheus
import ServiceLifecycle
import UnixSignals

/// The whole server: storage, the match registry, HTTP and WebSocket routes, and its lifecycle.
///
/// `run()` serves until SIGTERM/SIGINT (or the task is cancelled), then shuts down as PROTOCOL.md
/// "Running" says: stop accepting, close every WebSocket with 1001, finish pending writes, exit.
public struct GameServer: Sendable {
    public let configuration: ServerConfiguration
    private let logger: Logger
    private let metricsRegistry: PrometheusCollectorRegistry

    /// - Parameter metricsRegistry: served at `GET /metrics`. Bootstrap `MetricsSystem` with
    ///   `ServerMetrics.prometheusFactory(registry:)` on the same registry (once per process) for the
    ///   server's own metrics to appear in it; without that they go to swift-metrics' no-op factory.
    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "tictactoe"), metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.configuration = configuration
        self.logger = logger
        self.metricsRegistry = metricsRegistry
    }

    /// Runs the server.
    /// - Parameter onListening: called with the bound port once connections are accepted.
    public func run(gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint], onListening: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let state = ServerState()
        let store = try openStore()
        let metrics = ServerMetrics()
        let registry = MatchRegistry(
            store: store,
            seatTimeout: configuration.seatTimeout,
            maxConnectionsPerMatch: configuration.maxConnectionsPerMatch,
            trackRIBObjects: configuration.tracksRIBObjects,
            metrics: metrics,
            logger: logger
        )
        let router = Router(context: AppRequestContext.self)
        let pages = Pages(publicDirectory: configuration.publicDirectory)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBytes: configuration.maxRequestBodySize, logger: logger))
        router.add(middleware: NotFoundPageMiddleware(pages: pages))
        router.add(middleware: FileMiddleware(configuration.publicDirectory, searchForIndexHtml: false, logger: logger))
        Routes(
            registry: registry, state: state, pages: pages,
            creationLimiter: AddressRateLimiter(perMinute: configuration.matchesPerAddressPerMinute),
            metrics: MetricsEndpoint(registry: metricsRegistry), logger: logger
        ).add(to: router)
        let admission = WebSocketAdmission(
            registry: registry, state: state, originPolicy: OriginPolicy(allowedOrigins: configuration.allowedOrigins), logger: logger
        )
        WebSocketRoute(admission: admission).add(to: router)

        let host = configuration.host
        let logger = logger
        let app = Application(
            router: router,
            server: .gameServer(
                admission: admission,
                webSocket: .init(
                    maxMessageSize: configuration.maxFrameSize,
                    session: .init(
                        messagesPerSecond: configuration.messagesPerSecond,
                        outboundQueueLimit: configuration.outboundQueueLimit,
                        pingInterval: configuration.webSocketPingInterval,
                        closeTimeout: .seconds(5)
                    ),
                    registry: registry, metrics: metrics, logger: logger
                )
            ),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.info("listening on http://\(host):\(port)")
                onListening(port)
            },
            logger: logger
        )
        let lifecycle = MatchLifecycleService(
            registry: registry, store: store, state: state, idleTimeout: configuration.idleTimeout,
            memoryRelease: MemoryReleaseSchedule(window: .seconds(15)) {
                store.releaseMemory()
                MemoryRelease.returnFreedMemory()
            },
            logger: logger
        )
        let group = ServiceGroup(
            configuration: .init(
                // Shut down in reverse: first stop taking matches and close sockets with 1001, then the
                // HTTP server, then drain the store.
                services: [lifecycle, app, DrainService(registry: registry, state: state, logger: logger)],
                gracefulShutdownSignals: gracefulShutdownSignals,
                logger: logger
            )
        )
        try await group.run()
    }

    private func openStore() throws -> any MatchStore {
        if configuration.usesInMemoryStore {
            logger.info("storing matches in memory only (--db :memory:)")
        } else {
            logger.info("storing matches in \(configuration.databasePath) (synchronous \(configuration.synchronous.rawValue))")
        }
        return try MatchStores.open(path: configuration.databasePath, synchronous: configuration.synchronous, logger: logger)
    }
}
