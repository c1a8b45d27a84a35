import MatchTree
import MatchWords
import Metrics
import Prometheus
import WireProtocol

/// The server's own metrics, made through swift-metrics: whatever factory the process bootstrapped
/// (`MetricsSystem.bootstrap`, once, in the executable) gets them; when none was, they go to the
/// no-op factory and cost next to nothing. Every handle is made once here, never on a hot path.
///
/// Names (Prometheus text format at `GET /metrics`, see docs/PERFORMANCE.md):
/// - `tictactoe_connections`: open WebSocket connections attached to a match.
/// - `tictactoe_spectators`: connections without a seat.
/// - `tictactoe_matches_loaded`: match hosts (RIB trees) in memory.
/// - `tictactoe_moves_total`: accepted moves.
/// - `tictactoe_games_finished_total{result="player1"|"player2"|"draw"}`.
/// - `tictactoe_errors_total{code=…}`: `error` messages sent, by docs/PROTOCOL.md code.
/// - `tictactoe_closes_total{code=…}`: WebSocket closes the server initiated, by close code.
/// - `tictactoe_store_write_seconds`: one store append (a batch of a match's records) until durable.
/// - `tictactoe_broadcast_seconds`: a change's commit until its messages are queued on every
///   connection of the match (the durable write included).
/// - `tictactoe_keepalives_reclaimed_total`: idle keep-alive HTTP connections closed to make room near
///   `--max-connections`.
/// - `tictactoe_connections_refused_total{reason="address"|"body_timeout"}`: connections (and, behind a
///   trusted proxy, requests and WebSockets) refused because their address held
///   `--max-connections-per-address` already (`429`), or connections closed because a request body did
///   not arrive within `--body-timeout` (`408`).
public final class ServerMetrics: Sendable {
    /// Names of the duration histograms, with buckets suited to them (seconds).
    public static let durationBuckets: [String: [Duration]] = [
        Label.storeWrite: [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ],
        Label.broadcast: [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
        ],
    ]

    package enum Label {
        package static let connections = "tictactoe_connections"
        package static let spectators = "tictactoe_spectators"
        package static let matchesLoaded = "tictactoe_matches_loaded"
        package static let moves = "tictactoe_moves_total"
        package static let gamesFinished = "tictactoe_games_finished_total"
        package static let errors = "tictactoe_errors_total"
        package static let closes = "tictactoe_closes_total"
        package static let storeWrite = "tictactoe_store_write_seconds"
        package static let broadcast = "tictactoe_broadcast_seconds"
        package static let keepAlivesReclaimed = "tictactoe_keepalives_reclaimed_total"
        package static let connectionsRefused = "tictactoe_connections_refused_total"
    }

    /// The close codes the server sends (docs/PROTOCOL.md and RFC 6455); others are counted as "other".
    private static let closeCodes: [UInt16] = [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1011, 1013]

    private let connections = CoreMetrics.Meter(label: Label.connections)
    private let spectators = CoreMetrics.Meter(label: Label.spectators)
    private let matchesLoaded = CoreMetrics.Meter(label: Label.matchesLoaded)
    private let moves = CoreMetrics.Counter(label: Label.moves)
    private let player1Wins = CoreMetrics.Counter(label: Label.gamesFinished, dimensions: [("result", "player1")])
    private let player2Wins = CoreMetrics.Counter(label: Label.gamesFinished, dimensions: [("result", "player2")])
    private let draws = CoreMetrics.Counter(label: Label.gamesFinished, dimensions: [("result", "draw")])
    private let errors: [ErrorCode: CoreMetrics.Counter]
    private let closes: [UInt16: CoreMetrics.Counter]
    private let otherCloses = CoreMetrics.Counter(label: Label.closes, dimensions: [("code", "other")])
    private let storeWrite = CoreMetrics.Timer(label: Label.storeWrite)
    private let broadcast = CoreMetrics.Timer(label: Label.broadcast)
    private let keepAlivesReclaimed = CoreMetrics.Counter(label: Label.keepAlivesReclaimed)
    private let refusedForAddress = CoreMetrics.Counter(label: Label.connectionsRefused, dimensions: [("reason", "address")])
    private let refusedForSlowBody = CoreMetrics.Counter(label: Label.connectionsRefused, dimensions: [("reason", "body_timeout")])

    public init() {
        errors = Dictionary(
            uniqueKeysWithValues: ErrorCode.allCases.map {
                ($0, CoreMetrics.Counter(label: Label.errors, dimensions: [("code", $0.rawValue)]))
            })
        closes = Dictionary(
            uniqueKeysWithValues: Self.closeCodes.map { ($0, CoreMetrics.Counter(label: Label.closes, dimensions: [("code", String($0))])) }
        )
    }

    /// A Prometheus factory on `registry` with this server's histogram buckets.
    public static func prometheusFactory(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = durationBuckets
        return factory
    }

    /// Bootstraps `MetricsSystem` with a Prometheus factory on a new registry and returns the registry,
    /// for `buildApplication` to serve. swift-metrics allows one bootstrap per process: the executable calls
    /// this once at start-up; tests never do (their servers' metrics go to the no-op factory).
    public static func bootstrapPrometheus() -> PrometheusCollectorRegistry {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(prometheusFactory(registry: registry))
        return registry
    }

    // MARK: - Hooks

    /// A WebSocket joined a match.
    package func connectionOpened() { connections.increment() }

    /// A WebSocket left its match.
    package func connectionClosed() { connections.decrement() }

    /// Idle keep-alives were closed to make room.
    package func keepAlivesReclaimed(_ count: Int) { keepAlivesReclaimed.increment(by: Int64(count)) }

    /// A connection, request or WebSocket was refused because its address held too many (`429`), or a
    /// connection was closed because its request body came too slowly (`408`).
    package func connectionRefused(slowBody: Bool) { (slowBody ? refusedForSlowBody : refusedForAddress).increment() }

    /// The server sent a close frame with `code`.
    package func closeSent(_ code: UInt16) { (closes[code] ?? otherCloses).increment() }

    /// An `error` message went to a connection.
    package func errorSent(_ message: ServerMessage) {
        if case .error(let code, _) = message { errors[code]?.increment() }
    }

    /// The tree accepted `input` and answered `events`: counts a move (of any game) and the games
    /// that ended.
    package func applied(_ input: MatchInput, _ events: [MatchEvent]) {
        if case .play = input { moves.increment() }
        for case .gameOver(let winner, _, _) in events {
            switch winner {
            case .player1: player1Wins.increment()
            case .player2: player2Wins.increment()
            case nil: draws.increment()
            }
        }
    }

    /// A match's spectator count is now `count`; `reported` is what it last reported (updated).
    package func spectators(_ count: Int, reported: inout Int) {
        guard count != reported else { return }
        spectators.increment(by: Double(count - reported))
        reported = count
    }

    /// How many matches are in memory.
    package func matchesLoaded(_ count: Int) { matchesLoaded.set(count) }

    /// A store append is durable, `took` after it started (on the server's clock).
    package func storeWritten(took: Duration) { storeWrite.record(duration: took) }

    /// The messages of a change are queued on every connection, `took` after it was committed.
    package func broadcastQueued(took: Duration) { broadcast.record(duration: took) }
}
