import Accounts
import GameUnits
import Logging
import MatchHosting
import MatchStore
import MatchWords
import PostgresStore
import Prometheus
import RatingStore
import SQLiteStore
import WebSocketTransport

/// What the routes, the WebSocket channels and the lifecycle services of one server share: opened once
/// by `buildApplication`, before anything is served.
struct ServerContext: Sendable {
    let configuration: ServerConfiguration
    let store: any MatchStore
    /// Where accounts live (issue 41): beside the matches in the durable store, in memory beside an
    /// in-memory store, none beside a read-only store (which could not write a session).
    let accountStore: (any AccountStore)?
    /// Where ratings live (issue 42): beside the accounts, in the same store.
    let ratingStore: (any RatingStore)?
    let registry: MatchRegistry
    /// Pairs the visitors of "Play someone now" on the store's queue.
    let matchmaker: Matchmaker
    let state: ServerState
    let metrics: ServerMetrics
    let admission: WebSocketAdmission
    let originPolicy: OriginPolicy
    let hostPolicy: HostPolicy
    let trustedProxies: TrustedProxies
    let metricsRegistry: PrometheusCollectorRegistry
    let logger: Logger

    /// Opens the store that `configuration` names and the registry of its matches.
    /// - Throws: when the store cannot be opened (a missing folder it cannot create, a file of a newer
    ///   format, a file that is not a database, a PostgreSQL server that cannot be reached).
    ///   `store`, when given, is used instead (tests: a store that fails on demand).
    init(
        configuration: ServerConfiguration, games: GameCatalog, metricsRegistry: PrometheusCollectorRegistry, clock: HostClock,
        logger: Logger, store given: (any MatchStore)? = nil
    ) async throws {
        if given != nil {
            logger.info("storing matches in the store given")
        } else if configuration.usesInMemoryStore {
            logger.info("storing matches in memory only (--db :memory:)")
        } else if configuration.usesPostgres {
            logger.info("storing matches in \(MatchStores.loggable(configuration.databasePath))")
        } else {
            logger.info("storing matches in \(configuration.databasePath) (synchronous \(configuration.synchronous.rawValue))")
        }
        let store: any MatchStore
        if let given {
            store = given
        } else {
            store = try await MatchStores.open(
                path: configuration.databasePath, synchronous: configuration.synchronous,
                failoverTimeout: configuration.databaseFailoverTimeout,
                logger: logger)
        }
        let state = ServerState()
        let metrics = ServerMetrics()
        let ratingStore = Self.ratingStore(beside: store)
        let registry = MatchRegistry(
            store: store, games: games,
            seatTimeout: configuration.seatTimeout,
            claimGrace: configuration.claimGrace,
            maxConnectionsPerMatch: configuration.connectionsPerMatchCap,
            // A connection let in for a player coming back must resume as soon as a new connection
            // must send its first request.
            claimTimeout: configuration.handshakeTimeout,
            computerDelay: configuration.computerDelay,
            firstMoveWindow: configuration.firstMoveWindow,
            trackRIBObjects: configuration.tracksRIBObjects,
            metrics: metrics,
            clock: clock,
            ratings: ratingStore,
            logger: logger
        )
        // A store that could only be opened for reading fails every write: /healthz says so from the start.
        if !store.isWritable { registry.storageHealth.writeFailed() }
        // A write that failed while the database was lost leaves /healthz degraded until the next one
        // succeeds; the database found again (a standby promoted) is as good a sign.
        store.onReconnected { [health = registry.storageHealth] in health.writeSucceeded() }
        self.configuration = configuration
        self.store = store
        accountStore = Self.accountStore(beside: store)
        self.ratingStore = ratingStore
        self.registry = registry
        let queue = store.makePairingQueue(times: configuration.pairingTimes, elapsed: { clock.now.sinceOrigin })
        matchmaker = Matchmaker(queue: queue, registry: registry, accounts: accountStore, ratings: ratingStore, logger: logger)
        self.state = state
        self.metrics = metrics
        originPolicy = OriginPolicy(allowedOrigins: configuration.allowedOrigins)
        hostPolicy = HostPolicy(
            bindHost: configuration.host, allowedHosts: configuration.allowedHosts, allowedOrigins: configuration.allowedOrigins)
        trustedProxies = TrustedProxies(configuration.trustedProxies)
        self.admission = WebSocketAdmission(
            registry: registry, state: state, originPolicy: originPolicy, hostPolicy: hostPolicy, trustedProxies: trustedProxies,
            connectionLimits: AddressConnectionLimits(
                maxOpen: configuration.maxConnectionsPerAddress, opensPerMinute: configuration.connectsPerAddressPerMinute),
            metrics: metrics,
            accounts: accountStore.map { StoredAccountLookup(ceremonies: PasskeyCeremonies(store: $0), clock: clock) },
            logger: logger
        )
        self.metricsRegistry = metricsRegistry
        self.logger = logger
    }

    private static func accountStore(beside store: any MatchStore) -> (any AccountStore)? {
        if let sqlite = store as? SQLiteMatchStore { return sqlite.makeAccountStore() }
        if let postgres = store as? PostgresMatchStore { return postgres.makeAccountStore() }
        return store.isWritable ? InMemoryAccountStore() : nil
    }

    private static func ratingStore(beside store: any MatchStore) -> (any RatingStore)? {
        if let sqlite = store as? SQLiteMatchStore { return sqlite.makeRatingStore() }
        if let postgres = store as? PostgresMatchStore { return postgres.makeRatingStore() }
        return store.isWritable ? InMemoryRatingStore() : nil
    }
}
