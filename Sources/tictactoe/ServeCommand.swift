import AllGames
import ArgumentParser
import Configuration
import Foundation
import Logging
import MatchHosting
import Server

/// `tictactoe [serve]`: serves the TicTacToe page and its matches (docs/PROTOCOL.md "Running"); the
/// default subcommand, so that `tictactoe --port 8080` is still how the server starts.
///
/// ArgumentParser reads the command line (and writes `--help`); swift-configuration then takes each
/// option from the command line, else from its `TICTACTOE_…` environment variable, else its default
/// (`ServerConfiguration(reading:)`, the one table of options).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve TicTacToe matches over HTTP and WebSockets, each hosted by its own RIB tree.",
        discussion: "Every option can also be set by its environment variable; the command line wins."
    )

    @Option(help: "Address to bind (default 127.0.0.1). Env: TICTACTOE_HOST.")
    var host: String?

    @Option(help: "Port to bind; 0 picks a free one (default 8080). Env: TICTACTOE_PORT.")
    var port: Int?

    @Option(
        help:
            "SQLite file of the matches, postgres://USER[:PASSWORD]@HOST:PORT[,HOST:PORT…]/DB for PostgreSQL (of several hosts, the primary is written to), or :memory: to keep nothing (default data/tictactoe.sqlite). Env: TICTACTOE_DB."
    )
    var db: String?

    @Option(
        help:
            "Seconds that writes wait for a PostgreSQL primary to be found among --db's hosts once it is lost; then they are refused until one answers (default 30). Env: TICTACTOE_DB_FAILOVER_TIMEOUT."
    )
    var dbFailoverTimeout: Double?

    @Option(
        help:
            "full: a move is on disk before anyone hears of it, surviving a power loss; normal: it survives the process being killed, with fewer disk syncs (default full). Env: TICTACTOE_SYNCHRONOUS."
    )
    var synchronous: String?

    @Option(name: .customLong("public"), help: "Folder of the browser client (default Public). Env: TICTACTOE_PUBLIC.")
    var publicDirectory: String?

    @Option(help: "Seconds a disconnected player keeps the seat (default 60). Env: TICTACTOE_SEAT_TIMEOUT.")
    var seatTimeout: Double?

    @Option(
        help:
            "Seconds a player's seat must have had no connection before the opponent may claim the game being played (default 20). Env: TICTACTOE_CLAIM_GRACE."
    )
    var claimGrace: Double?

    @Option(
        help:
            "Seconds the side to move has for a move before both sides have moved, else the game is aborted (default 30; shorter for tests). Env: TICTACTOE_FIRST_MOVE_SECONDS."
    )
    var firstMoveSeconds: Double?

    @Option(
        name: .customLong("allowed-origin"),
        help:
            "An origin allowed to open WebSockets and create matches besides the server's own host; repeatable. Env: TICTACTOE_ALLOWED_ORIGINS (comma-separated)."
    )
    var allowedOrigins: [String] = []

    @Option(
        name: .customLong("allowed-host"),
        help:
            "A host name the server answers for (Host header) besides IP addresses and localhost; * for any; repeatable (default: any name unless bound to loopback). Env: TICTACTOE_ALLOWED_HOSTS (comma-separated)."
    )
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("trusted-proxy"),
        help:
            "Address or CIDR block of a reverse proxy whose X-Forwarded-For and X-Forwarded-Host are believed; repeatable (default: none). Env: TICTACTOE_TRUSTED_PROXIES (comma-separated)."
    )
    var trustedProxies: [String] = []

    @Option(help: "Seconds a match with nobody connected stays in memory (default 1800). Env: TICTACTOE_IDLE_TIMEOUT.")
    var idleTimeout: Double?

    @Option(
        help: "Seconds the computer pauses before its move, give or take a quarter (default 0.6; 0: none). Env: TICTACTOE_COMPUTER_DELAY."
    )
    var computerDelay: Double?

    @Option(
        help:
            "Connections (players and spectators) one match holds; 0 for no limit of its own (default 0). Env: TICTACTOE_MAX_CONNECTIONS_PER_MATCH."
    )
    var maxConnectionsPerMatch: Int?

    @Option(
        help:
            "The share of --max-connections one match's players and spectators may hold, above 0 and at most 1 (default 0.75). Env: TICTACTOE_MATCH_CONNECTION_SHARE."
    )
    var matchConnectionShare: Double?

    @Option(help: "Matches one client address may create per minute (default 30). Env: TICTACTOE_MATCHES_PER_MINUTE.")
    var matchesPerMinute: Int?

    @Option(
        help:
            "Passkey sign-in and registration options one client address may ask for per minute (default 30). Env: TICTACTOE_PASSKEYS_PER_MINUTE."
    )
    var passkeysPerMinute: Int?

    @Option(
        help:
            "Connections one client address may hold open at once, HTTP and WebSocket alike; more are answered 429 (default 100). Env: TICTACTOE_MAX_CONNECTIONS_PER_ADDRESS."
    )
    var maxConnectionsPerAddress: Int?

    @Option(help: "WebSockets one client address may open per minute (default 300). Env: TICTACTOE_CONNECTS_PER_MINUTE.")
    var connectsPerMinute: Int?

    @Option(
        help:
            "Seconds between WebSocket pings to each connection (a connection that does not answer is closed); 0 turns pings off (default 30). Env: TICTACTOE_PING_INTERVAL."
    )
    var pingInterval: Double?

    @Option(
        help:
            "Seconds from the server's decision to close a WebSocket until it drops the socket if the closing handshake has not ended (default 5). Env: TICTACTOE_CLOSE_TIMEOUT."
    )
    var closeTimeout: Double?

    @Option(
        help:
            "Seconds a new connection may take to send its first request or WebSocket upgrade in full (default 10). Env: TICTACTOE_HANDSHAKE_TIMEOUT."
    )
    var handshakeTimeout: Double?

    @Option(help: "Seconds a keep-alive HTTP connection may stay without a request (default 60). Env: TICTACTOE_HTTP_IDLE_TIMEOUT.")
    var httpIdleTimeout: Double?

    @Option(
        help:
            "Seconds a request body may take to arrive in full, from the request's head; a slower one is answered 408 and closed (default 10). Env: TICTACTOE_BODY_TIMEOUT."
    )
    var bodyTimeout: Double?

    @Option(
        help:
            "Connections the server holds at once; more wait to be accepted, and near it idle keep-alives are closed first (default: what the open-file limit and memory allow, logged at start). Env: TICTACTOE_MAX_CONNECTIONS."
    )
    var maxConnections: Int?

    @Option(
        help:
            "Delete a stored match once its players and games have not changed for this many days and nobody is connected to it (fractions allowed; default: keep every match). Env: TICTACTOE_RETAIN_DAYS."
    )
    var retainDays: Double?

    @Option(
        help:
            "HOST:PORT to serve GET /metrics on, a listener of its own (e.g. 127.0.0.1:9090); the public port answers /metrics with 404 (default: not served). Env: TICTACTOE_METRICS_ADDRESS."
    )
    var metricsAddress: String?

    @Option(
        name: .customLong("tls-cert"),
        help:
            "PEM certificate (its chain may follow) to serve HTTPS and wss:// with, TLS 1.2 and 1.3; read again on SIGHUP (default: plain HTTP). Env: TICTACTOE_TLS_CERT."
    )
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key of --tls-cert; read again on SIGHUP. Env: TICTACTOE_TLS_KEY.")
    var tlsKey: String?

    @Option(
        name: .customLong("redirect-http-port"),
        help:
            "A port answering plain HTTP with a 308 to the HTTPS URL; needs --tls-cert (default: none). Env: TICTACTOE_REDIRECT_HTTP_PORT."
    )
    var redirectHTTPPort: Int?

    @Option(help: "trace, debug, info, notice, warning, error or critical (default info). Env: TICTACTOE_LOG_LEVEL.")
    var logLevel: String?

    @Flag(
        name: .customLong("track-rib-objects"),
        help: "Track every match's RIB objects for leak checks (tests). Env: TICTACTOE_TRACK_RIB_OBJECTS=true.")
    var trackRIBObjects = false

    /// The options given on the command line, by the keys `ServerConfiguration(reading:)` reads.
    private var commandLineValues: [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        func set(_ key: String, _ content: ConfigContent?) {
            if let content { values[[key]] = ConfigValue(content, isSecret: false) }
        }
        set("host", host.map { .string($0) })
        set("port", port.map { .int($0) })
        set("db", db.map { .string($0) })
        set("dbFailoverTimeout", dbFailoverTimeout.map { .double($0) })
        set("synchronous", synchronous.map { .string($0) })
        set("public", publicDirectory.map { .string($0) })
        set("seatTimeout", seatTimeout.map { .double($0) })
        set("claimGrace", claimGrace.map { .double($0) })
        set("firstMoveSeconds", firstMoveSeconds.map { .double($0) })
        set("allowedOrigins", allowedOrigins.isEmpty ? nil : .stringArray(allowedOrigins))
        set("allowedHosts", allowedHosts.isEmpty ? nil : .stringArray(allowedHosts))
        set("trustedProxies", trustedProxies.isEmpty ? nil : .stringArray(trustedProxies))
        set("idleTimeout", idleTimeout.map { .double($0) })
        set("computerDelay", computerDelay.map { .double($0) })
        set("maxConnectionsPerMatch", maxConnectionsPerMatch.map { .int($0) })
        set("matchConnectionShare", matchConnectionShare.map { .double($0) })
        set("matchesPerMinute", matchesPerMinute.map { .int($0) })
        set("passkeysPerMinute", passkeysPerMinute.map { .int($0) })
        set("maxConnectionsPerAddress", maxConnectionsPerAddress.map { .int($0) })
        set("connectsPerMinute", connectsPerMinute.map { .int($0) })
        set("pingInterval", pingInterval.map { .double($0) })
        set("closeTimeout", closeTimeout.map { .double($0) })
        set("handshakeTimeout", handshakeTimeout.map { .double($0) })
        set("httpIdleTimeout", httpIdleTimeout.map { .double($0) })
        set("bodyTimeout", bodyTimeout.map { .double($0) })
        set("maxConnections", maxConnections.map { .int($0) })
        set("retainDays", retainDays.map { .double($0) })
        set("metricsAddress", metricsAddress.map { .string($0) })
        set("tlsCert", tlsCert.map { .string($0) })
        set("tlsKey", tlsKey.map { .string($0) })
        set("redirectHttpPort", redirectHTTPPort.map { .int($0) })
        set("logLevel", logLevel.map { .string($0) })
        set("trackRibObjects", trackRIBObjects ? .bool(true) : nil)
        return values
    }

    func run() async throws {
        // Before the options are read: the default of --max-connections follows the raised limit.
        let openFiles = OpenFileLimit.raiseToHard()
        let reader = ConfigReader(
            providers: ServerConfiguration.providers(commandLine: commandLineValues, environment: ProcessInfo.processInfo.environment)
        )
        let configuration: ServerConfiguration
        let level: Logger.Level
        do {
            configuration = try ServerConfiguration(reading: reader)
            let levelName = reader.string(forKey: "logLevel", default: "info")
            guard let parsed = Logger.Level(rawValue: levelName) else {
                throw ConfigurationError(option: "logLevel", problem: "must be one of trace, debug, info, notice, warning, error, critical")
            }
            level = parsed
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = level
            return handler
        }
        // The process's one metrics bootstrap (swift-metrics to Prometheus); the server serves the
        // registry at GET /metrics on --metrics-address.
        let metricsRegistry = ServerMetrics.bootstrapPrometheus()
        let startLogger = Logger(label: "tictactoe")
        if openFiles.after != openFiles.before {
            startLogger.info("open-file limit raised from \(openFiles.before) to \(openFiles.after)")
        }
        // The one clock of the server's matches: the real one here; tests give one they advance.
        let app = try await buildApplication(
            configuration: configuration, games: .standard, logger: startLogger, metricsRegistry: metricsRegistry, clock: .continuous)
        try await app.runService()
    }
}
