import Foundation
import MatchHosting
import MatchStore
import MatchWords
import PostgresStore
import SQLiteStore
import WebSocketTransport

/// Everything the server can be told from the command line (docs/PROTOCOL.md "Running") plus the limits
/// a deployment may want to tune. Defaults are the documented ones.
public struct ServerConfiguration: Sendable {
    /// Address to bind.
    public var host: String = "127.0.0.1"
    /// Port to bind; 0 picks a free one (the log line and `onListening` tell which).
    public var port: Int = 8080
    /// SQLite file of the matches, or `:memory:` to keep nothing.
    public var databasePath: String = "data/tictactoe.sqlite"
    /// With a PostgreSQL URL of several hosts: how long, once the primary is lost, writes wait for
    /// another to be found (a standby promoted) before they are refused at once until one is.
    public var databaseFailoverTimeout: Duration = .seconds(30)
    /// How a commit is made durable: `.full` (the default) survives a power loss, `.normal` a process
    /// kill (what docs/PROTOCOL.md asks) with fewer disk syncs. See `SQLiteSynchronous`.
    public var synchronous: SQLiteSynchronous = .full
    /// Folder of the browser client.
    public var publicDirectory: String = "Public"
    /// How long a seat whose connections all closed is kept for a `resume`.
    public var seatTimeout: Duration = .seconds(60)
    /// How long a seat must have had no connection before its opponent may claim the game being played.
    public var claimGrace: Duration = .seconds(20)
    /// How long the side to move has for a first move before the game is aborted (issue 40); shorter
    /// in tests.
    public var firstMoveWindow: Duration = .seconds(30)
    /// Origins allowed to open a WebSocket or create a match besides the server's own host.
    public var allowedOrigins: [String] = []
    /// Host names the server answers for (the `Host` header) besides IP addresses, `localhost` and the
    /// allowed origins' hosts; `*` for any. Empty: any name when bound to a non-loopback address (see
    /// `HostPolicy`).
    public var allowedHosts: [String] = []
    /// Addresses and CIDR blocks of the reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Host`
    /// headers are believed (`TrustedProxies`); none by default, since anyone can send those headers.
    public var trustedProxies: [String] = []
    /// How long a match with nobody connected stays in memory before its tree is torn down.
    public var idleTimeout: Duration = .seconds(30 * 60)
    /// How long the computer pauses before its move, give or take a quarter; zero for none.
    public var computerDelay: Duration = .milliseconds(600)
    /// Largest WebSocket frame or message accepted, in bytes (docs/PROTOCOL.md: 4096, else close 1009).
    public var maxFrameSize: Int = 4096
    /// Messages one connection may send per second before it gets `rateLimited`.
    public var messagesPerSecond: Int = 20
    /// Messages queued for one connection that it has not read yet before it counts as too slow.
    public var outboundQueueLimit: Int = 256
    /// Connections (players and spectators) one match holds at most; 0 (the default) for no limit of
    /// its own, so that a match is full only when `matchConnectionShare` says so.
    public var maxConnectionsPerMatch: Int = 0
    /// The share of `maxConnections` one match's connections may hold (three quarters by default), so
    /// that a match the whole world watches never locks the players of every other match out. Seats
    /// keep their places above it (`MatchHost.connect`).
    public var matchConnectionShare: Double = 0.75
    /// How many connections one match holds at most: `maxConnectionsPerMatch` when it is set, and never
    /// more than `matchConnectionShare` of `maxConnections` (at least one).
    public var connectionsPerMatchCap: Int {
        let share = max(1, Int((Double(maxConnections) * matchConnectionShare).rounded(.down)))
        return maxConnectionsPerMatch > 0 ? min(maxConnectionsPerMatch, share) : share
    }
    /// Matches one client address may create per minute.
    public var matchesPerAddressPerMinute: Int = 30
    /// Passkey options (each of which stores a challenge) one client address may ask for per minute.
    public var passkeyOptionsPerAddressPerMinute: Int = 30
    /// Connections one client address may hold open at once, HTTP and WebSocket alike (behind a trusted
    /// proxy: the WebSockets and requests forwarded for it).
    public var maxConnectionsPerAddress: Int = 100
    /// WebSockets one client address may open per minute.
    public var connectsPerAddressPerMinute: Int = 300
    /// Largest HTTP request body accepted, in bytes; a bigger one is answered 413.
    public var maxRequestBodySize: Int = 16 * 1024
    /// How often the server pings each WebSocket; one that has not answered the previous ping is closed
    /// (1001). Nil turns pings off. A ping is a task scheduled on the socket's event loop.
    public var webSocketPingInterval: Duration? = .seconds(30)
    /// How long the server waits, once it has decided to close a WebSocket, for the closing handshake
    /// to end before it drops the socket: counted from the decision, even while a client that does not
    /// read keeps the close frame from being written.
    public var webSocketCloseTimeout: Duration = .seconds(5)
    /// How long a new connection may take to send its first request head (or WebSocket upgrade) in
    /// full; a connection that is still sending it then (an idle socket, a slowloris) is closed.
    public var handshakeTimeout: Duration = .seconds(10)
    /// How long a keep-alive HTTP connection may wait between requests (or take to send one) before it
    /// is closed. A WebSocket's liveness is its ping instead (`webSocketPingInterval`).
    public var httpIdleTimeout: Duration = .seconds(60)
    /// How long a request's body may take to arrive, from its head to its end; a slower one is answered
    /// `408` and its connection closed (a slow-body attack would otherwise hold the connection for the
    /// HTTP idle timeout, which restarts with every byte).
    public var bodyTimeout: Duration = .seconds(10)
    /// Connections the server holds at once, HTTP and WebSocket together; beyond it new connections
    /// wait in the listen backlog until one closes. Near it, the keep-alives idle longest are closed to
    /// make room (`OpenConnections`). By default what the machine allows: the open-file limit less the
    /// server's own descriptors, capped by memory (`ConnectionCapacity`).
    public var maxConnections: Int = ConnectionCapacity.current().defaultMaxConnections
    /// Days a stored match is kept after its summary last changed (a seat taken or freed, a game
    /// started or ended) while nobody is connected to it; then it is deleted with its log. Nil (the
    /// default) keeps every match.
    public var retainDays: Double? = nil
    /// How often the retention policy looks for matches to delete (internal: tests shorten it).
    var retentionSweepInterval: Duration = .seconds(3600)
    /// How long "Play someone now" keeps a visitor who stopped renewing its place, and a paired one's
    /// seat for its page to read (internal: tests shorten them).
    var pairingTimes = PairingQueueTimes()
    /// Where `GET /metrics` is served, on a listener of its own; nil (the default) serves it nowhere.
    /// The public port always answers `/metrics` with 404: the metrics are for the operator.
    public var metricsAddress: ListenAddress? = nil
    /// PEM file of the certificate (its chain may follow) that the port serves HTTPS and `wss://` with;
    /// nil (the default) serves plain HTTP. Given with `tlsKeyPath` or not at all (`ServerTLS.load`).
    public var tlsCertificatePath: String? = nil
    /// PEM file of the certificate's private key.
    public var tlsKeyPath: String? = nil
    /// A port answering plain HTTP with a 308 to the HTTPS URL (`--redirect-http-port`); nil for none.
    public var redirectHTTPPort: Int? = nil
    /// Track the RIB objects of every match for leak checks (tests only: costs a lock per RIB object).
    public var tracksRIBObjects: Bool = false

    public init() {}

    /// Whether `databasePath` asks for the in-memory store.
    public var usesInMemoryStore: Bool { databasePath == ":memory:" }

    /// Whether the port serves HTTPS: a certificate or a key was asked for (`ServerTLS.load` refuses one
    /// without the other).
    public var usesTLS: Bool { tlsCertificatePath != nil || tlsKeyPath != nil }

    /// Whether `databasePath` is a PostgreSQL URL.
    public var usesPostgres: Bool { PostgresURL.isPostgres(databasePath) }
}
