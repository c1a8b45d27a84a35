import AllGames
import AsyncHTTPClient
import Foundation
import Logging
import MatchHosting
import MatchStore
import MatchWords
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization
import VirtualTime
import WireProtocol

@testable import Server

/// A server the tests talk to over HTTP and WebSockets: in process (`TestServer`) or the real
/// executable in a child process (`ServerProcess`).
protocol LiveServer: Sendable {
    var port: Int { get }
}

extension LiveServer {
    /// Creates a match through the API and returns its id; `listed` asks the lobby to list it.
    func createMatch(listed: Bool = false) async throws -> String {
        let response = try await HTTP.request(port: port, "/api/matches", method: .POST, body: listed ? #"{"listed":true}"# : nil)
        guard response.status == 201, case .success(let created) = CreatedMatch.decode(response.body) else {
            throw HTTP.Failure(description: "create failed: \(response.status) \(response.body)")
        }
        return created.matchId
    }

    /// `GET /api/matches/{matchID}`, decoded; throws unless it is a 200 summary.
    func summary(of matchID: String) async throws -> MatchSummary {
        let response = try await HTTP.get(port: port, "/api/matches/\(matchID)")
        guard response.status == 200, case .success(let summary) = MatchSummary.decode(response.body) else {
            throw HTTP.Failure(description: "summary of \(matchID): \(response.status) \(response.body)")
        }
        return summary
    }
}

/// Runs `body` against the real server, in process, on a free port, and stops the server when `body`
/// returns or throws, waiting until it has shut down (its connections closed, its store closed), so that
/// no test leaves a server running behind it.
/// - Parameters:
///   - logger: where the server logs; by default nowhere below `critical` (or `TEST_LOG_LEVEL`).
///   - configure: changes to the test configuration (in-memory store, port 0, RIB objects tracked).
///   - store: a store to use instead of the configuration's (one that fails on demand).
///   - time: the clock the server's matches are given, which the test advances (`VirtualTime`); the
///     real clock when nil.
func withTestServer<Value>(
    logger: Logger? = nil,
    store: (any MatchStore)? = nil,
    time: VirtualTime? = nil,
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (TestServer) async throws -> Value
) async throws -> Value {
    let server = try await TestServer.start(logger: logger, store: store, clock: time?.host ?? .continuous, configure)
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}

/// The real server, in process, on a free port, for one test: see `withTestServer`.
struct TestServer: LiveServer {
    let port: Int
    /// The port of the `/metrics` listener, when the configuration gave it an address.
    let metricsPort: Int?
    /// The port of the `--redirect-http-port` listener, when the configuration asked for one.
    let redirectPort: Int?
    private let task: Task<Void, any Error>

    /// Starts a server with `configure` applied to a test configuration and waits until it listens.
    fileprivate static func start(
        logger: Logger?, store: (any MatchStore)?, clock: HostClock, _ configure: (inout ServerConfiguration) -> Void
    ) async throws -> TestServer {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.databasePath = ":memory:"
        configuration.publicDirectory = Self.publicDirectory
        configuration.tracksRIBObjects = true
        // Every test client is 127.0.0.1: the per-address WebSocket limits would count them all as one.
        configuration.maxConnectionsPerAddress = 100_000
        configuration.connectsPerAddressPerMinute = 1_000_000
        configure(&configuration)
        let logger =
            logger
            ?? {
                var logger = Logger(label: "test-server")
                logger.logLevel = ProcessInfo.processInfo.environment["TEST_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .critical
                return logger
            }()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let (metricsPorts, metricsContinuation) = AsyncStream<Int>.makeStream()
        let (redirectPorts, redirectContinuation) = AsyncStream<Int>.makeStream()
        let app = try await buildApplication(
            configuration: configuration, games: .standard, store: store, logger: logger, clock: clock,
            onListening: { continuation.yield($0) },
            onMetricsListening: { metricsContinuation.yield($0) }, onRedirectListening: { redirectContinuation.yield($0) })
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        var metricsPort: Int?
        if configuration.metricsAddress != nil {
            var metricsIterator = metricsPorts.makeAsyncIterator()
            guard let bound = await metricsIterator.next() else { throw CancellationError() }
            metricsPort = bound
        }
        var redirectPort: Int?
        if configuration.redirectHTTPPort != nil {
            var redirectIterator = redirectPorts.makeAsyncIterator()
            guard let bound = await redirectIterator.next() else { throw CancellationError() }
            redirectPort = bound
        }
        // `/healthz` turns ready just after the socket binds.
        for _ in 0..<100 {
            if try await HTTP.get(port: port, "/healthz", https: configuration.usesTLS).status == 200 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        return TestServer(port: port, metricsPort: metricsPort, redirectPort: redirectPort, task: task)
    }

    /// Stops the server (as a cancelled task: every WebSocket closed with 1001, pending writes
    /// finished) and waits until it has.
    fileprivate func stop() async {
        task.cancel()
        _ = await task.result
    }

    static var publicDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Public").path
    }
}

/// Plain HTTP requests to the test server, redirects not followed.
enum HTTP {
    struct Failure: Error, CustomStringConvertible { let description: String }

    struct Reply: Sendable {
        let status: Int
        let headers: HTTPHeaders
        let body: String
    }

    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// A client for `https://` that takes any certificate: for servers whose certificate is not the point.
    static let unverifiedTLSClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        configuration.tlsConfiguration = tls
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// `GET`, over `https://` (any certificate taken) when `https`.
    static func get(port: Int, _ path: String, headers: [(String, String)] = [], https: Bool = false) async throws -> Reply {
        try await request(port: port, path, method: .GET, headers: headers, client: https ? unverifiedTLSClient : client, https: https)
    }

    static func request(
        port: Int, _ path: String, method: HTTPMethod, headers: [(String, String)] = [], body: String? = nil, client: HTTPClient = client,
        https: Bool = false
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: "\(https ? "https" : "http")://127.0.0.1:\(port)\(path)")
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 22)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
    }
}
