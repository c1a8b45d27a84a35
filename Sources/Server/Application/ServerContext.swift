import Logging
import MatchStore
import Prometheus

/// What the routes, the WebSocket channels and the lifecycle services of one server share: opened once
/// by `buildApplication`, before anything is served.
struct ServerContext: Sendable {
    let configuration: ServerConfiguration
    let store: any MatchStore
    let registry: MatchRegistry
    let state: ServerState
    let metrics: ServerMetrics
    let admission: WebSocketAdmission
    let metricsRegistry: PrometheusCollectorRegistry
    let logger: Logger

    /// Opens the store that `configuration` names and the registry of its matches.
    /// - Throws: when the store cannot be opened (a missing folder it cannot create, a file of a newer
    ///   format, a file that is not a database, a PostgreSQL server that cannot be reached).
    init(configuration: ServerConfiguration, metricsRegistry: PrometheusCollectorRegistry, logger: Logger) async throws {
        if configuration.usesInMemoryStore {
            logger.info("storing matches in memory only (--db :memory:)")
        } else if configuration.usesPostgres {
            logger.info("storing matches in \(MatchStores.loggable(configuration.databasePath))")
        } else {
            logger.info("storing matches in \(configuration.databasePath) (synchronous \(configuration.synchronous.rawValue))")
        }
        let store = try await MatchStores.open(path: configuration.databasePath, synchronous: configuration.synchronous, logger: logger)
        let state = ServerState()
        let metrics = ServerMetrics()
        let registry = MatchRegistry(
            store: store,
            seatTimeout: configuration.seatTimeout,
            maxConnectionsPerMatch: configuration.maxConnectionsPerMatch,
            trackRIBObjects: configuration.tracksRIBObjects,
            metrics: metrics,
            logger: logger
        )
        self.configuration = configuration
        self.store = store
        self.registry = registry
        self.state = state
        self.metrics = metrics
        self.admission = WebSocketAdmission(
            registry: registry, state: state, originPolicy: OriginPolicy(allowedOrigins: configuration.allowedOrigins), logger: logger
        )
        self.metricsRegistry = metricsRegistry
        self.logger = logger
    }
}
