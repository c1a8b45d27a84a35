import AllGames
import Foundation
import Hummingbird
import Logging
import MatchHosting
import MatchStore
import MatchWords
import NIOCore
import WebSocketTransport

/// What a transport test may change of its server; the rest is the server's defaults
/// (docs/PROTOCOL.md: 4096-byte messages, 20 messages a second, 256 queued messages).
struct TransportSettings: Sendable {
    var closeTimeout: Duration = .seconds(5)
    var pingInterval: Duration? = .seconds(30)
    var allowedOrigins: [String] = []
    var messagesPerSecond = 20
    /// Who session cookies sign in and which names are registered (issue 41); none: every connection is
    /// a guest's.
    var accounts: (any AccountLookup)? = nil
}

/// A server of the transport alone, on a free port of 127.0.0.1: the channel every connection starts on
/// (`GameServerChannel`: the upgrade, its admission and refusals, the WebSocket sessions), in front of a
/// match registry with the standard games in memory, which stands in for the match behind a socket
/// (the `welcome` on connecting and after a `sync`, `seated` after a `login`). No route of the app: its
/// one route, `GET /healthz`, only answers 200, for the tests of requests before an upgrade.
struct TransportServer: Sendable {
    let port: Int
    let registry: MatchRegistry

    /// A new match, stored and hosted, as the app's `POST /api/matches` makes one; its id.
    func createMatch() async throws -> String {
        try await registry.create().rawValue
    }
}

/// Runs `body` against a transport server and stops it when `body` returns or throws, every WebSocket
/// closed with 1001 first, as the app's shutdown does, so that no test leaves a server behind.
func withTransportServer<Value>(
    configure: (inout TransportSettings) -> Void = { _ in }, _ body: (TransportServer) async throws -> Value
) async throws -> Value {
    var settings = TransportSettings()
    configure(&settings)
    var logger = Logger(label: "transport-server")
    logger.logLevel = ProcessInfo.processInfo.environment["TEST_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .critical
    let metrics = ServerMetrics()
    let registry = MatchRegistry(
        store: InMemoryMatchStore(), games: .standard, seatTimeout: .seconds(60), maxConnectionsPerMatch: 10_000,
        trackRIBObjects: false, metrics: metrics, logger: logger)
    let state = ServerState()
    state.set(.ready)
    let admission = WebSocketAdmission(
        registry: registry, state: state, originPolicy: OriginPolicy(allowedOrigins: settings.allowedOrigins),
        hostPolicy: HostPolicy(bindHost: "127.0.0.1", allowedHosts: [], allowedOrigins: settings.allowedOrigins),
        trustedProxies: TrustedProxies([]),
        // Every test client is 127.0.0.1: the per-address limits would count them all as one.
        connectionLimits: AddressConnectionLimits(maxOpen: 100_000, opensPerMinute: 1_000_000), metrics: metrics,
        accounts: settings.accounts, logger: logger)
    let router = Router(context: AppRequestContext.self)
    router.get("/healthz") { _, _ in "ok" }
    let (ports, portsContinuation) = AsyncStream<Int>.makeStream()
    let application = Application(
        router: router,
        server: .gameServer(
            admission: admission, timeouts: .init(handshake: .seconds(10), httpIdle: .seconds(60), body: .seconds(10)),
            webSocket: .init(
                maxMessageSize: 4096,
                session: .init(
                    messagesPerSecond: settings.messagesPerSecond, outboundQueueLimit: 256, pingInterval: settings.pingInterval,
                    closeTimeout: settings.closeTimeout
                ),
                registry: registry, metrics: metrics, logger: logger),
            connections: OpenConnections(maxConnections: 100_000, logger: logger)),
        configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
        onServerRunning: { channel in portsContinuation.yield(channel.localAddress?.port ?? 0) },
        logger: logger)
    let run = Task { try await application.runService(gracefulShutdownSignals: []) }
    var listening = ports.makeAsyncIterator()
    guard let port = await listening.next() else {
        run.cancel()
        throw CancellationError()
    }
    let server = TransportServer(port: port, registry: registry)
    let result: Result<Value, any Error>
    do {
        result = .success(try await body(server))
    } catch {
        result = .failure(error)
    }
    await registry.shutdown()
    run.cancel()
    _ = await run.result
    return try result.get()
}
