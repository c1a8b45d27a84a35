import ArgumentParser
import Foundation
import Logging
import Server
import SQLiteStore

/// `tictactoe`: serves the TicTacToe page and its matches (PROTOCOL.md "Running").
/// Every option can also be set by its environment variable; the option wins.
@main
struct TicTacToeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tictactoe",
        abstract: "Serve TicTacToe matches over HTTP and WebSockets, each hosted by its own RIB tree."
    )

    @Option(help: "Address to bind. Env: TICTACTOE_HOST.")
    var host: String = env("TICTACTOE_HOST") ?? "127.0.0.1"

    @Option(help: "Port to bind (0 picks a free one). Env: TICTACTOE_PORT.")
    var port: Int = env("TICTACTOE_PORT").flatMap(Int.init) ?? 8080

    @Option(name: .customLong("db"), help: "SQLite file of the matches, or :memory: to keep nothing. Env: TICTACTOE_DB.")
    var databasePath: String = env("TICTACTOE_DB") ?? "data/tictactoe.sqlite"

    @Option(name: .customLong("synchronous"), help: "full: a move is on disk before anyone hears of it, surviving a power loss; normal: it survives the process being killed, with fewer disk syncs. Env: TICTACTOE_SYNCHRONOUS.")
    var synchronous: String = env("TICTACTOE_SYNCHRONOUS") ?? "full"

    @Option(name: .customLong("public"), help: "Folder of the browser client. Env: TICTACTOE_PUBLIC.")
    var publicDirectory: String = env("TICTACTOE_PUBLIC") ?? "Public"

    @Option(name: .customLong("seat-timeout"), help: "Seconds a disconnected player keeps the seat. Env: TICTACTOE_SEAT_TIMEOUT.")
    var seatTimeout: Double = env("TICTACTOE_SEAT_TIMEOUT").flatMap(Double.init) ?? 60

    @Option(name: .customLong("allowed-origin"), help: "An origin allowed to open WebSockets besides the server's own host; repeatable. Env: TICTACTOE_ALLOWED_ORIGINS (comma-separated).")
    var allowedOrigins: [String] = env("TICTACTOE_ALLOWED_ORIGINS").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []

    @Option(name: .customLong("idle-timeout"), help: "Seconds a match with nobody connected stays in memory. Env: TICTACTOE_IDLE_TIMEOUT.")
    var idleTimeout: Double = env("TICTACTOE_IDLE_TIMEOUT").flatMap(Double.init) ?? 1800

    @Option(name: .customLong("max-connections-per-match"), help: "Connections (players and spectators) one match holds. Env: TICTACTOE_MAX_CONNECTIONS_PER_MATCH.")
    var maxConnectionsPerMatch: Int = env("TICTACTOE_MAX_CONNECTIONS_PER_MATCH").flatMap(Int.init) ?? 1000

    @Option(name: .customLong("matches-per-minute"), help: "Matches one client address may create per minute. Env: TICTACTOE_MATCHES_PER_MINUTE.")
    var matchesPerMinute: Int = env("TICTACTOE_MATCHES_PER_MINUTE").flatMap(Int.init) ?? 30

    @Option(name: .customLong("ping-interval"), help: "Seconds between WebSocket pings to each connection (a connection that does not answer is closed); 0 turns pings off. Env: TICTACTOE_PING_INTERVAL.")
    var pingInterval: Double = env("TICTACTOE_PING_INTERVAL").flatMap(Double.init) ?? 30

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical. Env: TICTACTOE_LOG_LEVEL.")
    var logLevel: String = env("TICTACTOE_LOG_LEVEL") ?? "info"

    @Flag(name: .customLong("track-rib-objects"), help: "Track every match's RIB objects for leak checks (tests).")
    var trackRIBObjects = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard pingInterval >= 0 else { throw ValidationError("--ping-interval must not be negative") }
        guard seatTimeout > 0, idleTimeout > 0 else { throw ValidationError("timeouts must be positive") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
        guard SQLiteSynchronous(rawValue: synchronous.uppercased()) != nil else { throw ValidationError("--synchronous must be full or normal") }
    }

    func run() async throws {
        var configuration = ServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.databasePath = databasePath
        configuration.synchronous = SQLiteSynchronous(rawValue: synchronous.uppercased()) ?? .full
        configuration.publicDirectory = publicDirectory
        configuration.seatTimeout = .milliseconds(Int64(seatTimeout * 1000))
        configuration.allowedOrigins = allowedOrigins
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.maxConnectionsPerMatch = maxConnectionsPerMatch
        configuration.matchesPerAddressPerMinute = matchesPerMinute
        configuration.tracksRIBObjects = trackRIBObjects
        configuration.webSocketPingInterval = pingInterval > 0 ? .milliseconds(Int64(pingInterval * 1000)) : nil
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = level
            return handler
        }
        // The process's one metrics bootstrap (swift-metrics to Prometheus); the server serves the
        // registry at GET /metrics.
        let metricsRegistry = ServerMetrics.bootstrapPrometheus()
        try await GameServer(configuration: configuration, logger: Logger(label: "tictactoe"), metricsRegistry: metricsRegistry).run()
    }
}

private func env(_ name: String) -> String? {
    ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
}
