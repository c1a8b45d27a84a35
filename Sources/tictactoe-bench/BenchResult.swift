import Foundation

/// Everything a run measured: printed as a table and written as JSON (--json).
struct BenchResult: Codable, Sendable {
    struct Settings: Codable, Sendable {
        var target: String
        var matches: Int
        var spectatorsPerMatch: Int
        /// Player connections per match: 1 against the computer.
        var playersPerMatch: Int
        /// What the matches were created with: "no clock", "clock 600+5", the computer.
        var request: String
        /// `--hold`: one game started per match, no move made.
        var hold: Bool
        /// `--rated`: every match rated.
        var rated: Bool
        /// `--sessions`: the accounts the players signed in as; nil for guests.
        var accounts: Int?
        var durationSeconds: Double?
        var games: Int?
        var thinkTime: String
        var warmupSeconds: Double
        var rampStep: Int
        var rampIntervalSeconds: Double
        var maxP99Ms: Double?
        var sourceAddresses: [String]
        var threads: Int
        var maxRatePerConnection: Int
        var seed: UInt64
        var cores: Int
    }

    struct Connections: Codable, Sendable {
        /// Connections the bench tried to open.
        var attempted: Int
        /// TCP connections established.
        var connected: Int
        /// Upgrades answered 101.
        var upgraded: Int
        /// Connections that received their `welcome`.
        var welcomed: Int
        /// Connections that failed to open or upgrade.
        var failed: Int
        /// Most channels open at once, as sampled every second.
        var peakOpen: Int
        /// Channels open when play stopped, before the bench closed them.
        var heldAtEnd: Int
        /// Players seated.
        var seated: Int
    }

    struct Memory: Codable, Sendable {
        var source: String
        /// Before the bench created anything.
        var startMB: Double?
        /// Highest sample (every second).
        var peakMB: Double?
        /// When play stopped, every connection still open.
        var heldMB: Double?
        /// After the bench closed its connections.
        var afterCloseMB: Double?
        /// After the server unloaded the matches (--teardown-wait) and --settle seconds.
        var afterTeardownMB: Double?
        /// The server's `tictactoe_matches_loaded` at that moment.
        var matchesLoadedAfterTeardown: Double?
        /// Seconds the server took to unload every match after the bench closed its connections.
        var teardownSeconds: Double?
    }

    struct Step: Codable, Sendable {
        var matches: Int
        var connections: Int
        var seconds: Double
        var movesPerSecond: Double
        var opponentLatencyMs: LatencySummary
        var spectatorLatencyMs: LatencySummary
        var errors: Int
    }

    struct Second: Codable, Sendable {
        var t: Double
        var phase: String
        var open: Int
        var welcomed: Int
        var gamesFinished: Int
        var moves: Int
        var movesPerSecond: Double
        var opponentP50Ms: Double
        var opponentP99Ms: Double
        var spectatorP99Ms: Double
        var errors: Int
        var serverResidentMB: Double?
    }

    /// How the opponent's p99 varied from one second of steady play to the next. A run's p99 moves
    /// as much with a few stalled seconds (a busy host, a slow disk sync) as with a server slow all
    /// along; the median second and the count of slow seconds tell the two apart.
    struct SecondsSpread: Codable, Sendable {
        var seconds: Int
        var medianP99Ms: Double
        var worstP99Ms: Double
        /// Seconds whose p99 passed 10 ms, and 20 ms: the player and spectator bounds that
        /// docs/PERFORMANCE.md measures against.
        var secondsOver10Ms: Int
        var secondsOver20Ms: Int

        /// Nil when no second of steady play delivered a move.
        init?(steadySecondsOf timeline: [Second]) {
            let p99s = timeline.filter { $0.phase == Monitor.steadyLabel && $0.moves > 0 }.map(\.opponentP99Ms).sorted()
            guard let worst = p99s.last else { return nil }
            seconds = p99s.count
            medianP99Ms = p99s[p99s.count / 2]
            worstP99Ms = worst
            secondsOver10Ms = p99s.count { $0 > 10 }
            secondsOver20Ms = p99s.count { $0 > 20 }
        }
    }

    var settings: Settings
    var stopReason: String
    var connections: Connections
    /// Games finished in the whole run (drain included).
    var games: Int
    var gamesStarted: Int
    /// Games started and not over when play stopped (with --hold, the games held, each a running clock
    /// with --clock).
    var gamesInProgressAtEnd: Int
    var gamesByResult: [String: Int]
    /// Games finished in the whole run whose `gameOver` carried `ratings` (`--rated`).
    var ratedGames: Int
    /// Seconds of steady play the rates and latencies below cover.
    var steadySeconds: Double
    /// Moves whose board reached the opponent during steady play.
    var steadyMoves: Int
    var steadyGames: Int
    var movesPerSecond: Double
    /// The slowest full second of steady play.
    var lowestSecondMovesPerSecond: Double?
    var movesSentTotal: Int
    /// CPU-seconds the server used during steady play (`/proc/PID/stat`, with --server-pid).
    var serverCPUSecondsSteady: Double?
    /// Those over the steady seconds, in percent of one core (with --hold, the server's idle cost).
    var serverCPUPercentSteady: Double?
    /// Those over the steady moves: the server's CPU per move, in microseconds.
    var serverCPUMicrosecondsPerMove: Double?
    /// Move sent -> the opponent's board, during steady play.
    var opponentLatencyMs: LatencySummary
    /// Move sent -> a spectator's board, during steady play.
    var spectatorLatencyMs: LatencySummary
    /// Move sent -> the opponent's board, second by second during steady play.
    var opponentP99PerSecond: SecondsSpread?
    /// Boards with a last move that no sent move matched (not an error; should be 0).
    var unmatchedBoards: Int
    /// Errors of the whole run by kind: `error:<code>`, `close:<code>`, `connect:<reason>`,
    /// `upgrade:<status>`, `connection:<reason>`, `protocol:<what>`.
    var errors: [String: Int]
    var errorTotal: Int
    var memory: Memory
    var ramp: [Step]
    var timeline: [Second]
    /// `--audience`: the hot match's spectators.
    var audience: AudienceResult?

    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

/// The end-of-run table.
struct ResultTable {
    let result: BenchResult

    var text: String {
        var lines: [String] = []
        func row(_ name: String, _ value: String) { lines.append(name.padding(toLength: 44, withPad: " ", startingAt: 0) + value) }
        func ms(_ value: Double) -> String { String(format: "%.2f", value) }
        func mb(_ value: Double?) -> String { value.map { String(format: "%.1f MB", $0) } ?? "n/a" }
        func latency(_ name: String, _ summary: LatencySummary) {
            row(
                name,
                summary.count == 0
                    ? "no samples"
                    : "p50 \(ms(summary.p50))  p90 \(ms(summary.p90))  p99 \(ms(summary.p99))  p99.9 \(ms(summary.p999))  max \(ms(summary.max)) ms  (\(summary.count) samples)"
            )
        }
        let settings = result.settings
        lines.append("")
        lines.append(
            "tictactoe-bench results (\(settings.target), \(settings.matches) matches x (\(settings.playersPerMatch) player\(settings.playersPerMatch == 1 ? "" : "s") + \(settings.spectatorsPerMatch) spectators), \(settings.request)\(settings.hold ? ", held (no move)" : ", think \(settings.thinkTime)"), \(settings.threads) bench threads, \(settings.cores) cores)"
        )
        lines.append(String(repeating: "-", count: 100))
        row("stopped because", result.stopReason)
        let c = result.connections
        row("connections attempted / upgraded / welcomed", "\(c.attempted) / \(c.upgraded) / \(c.welcomed)  (failed \(c.failed))")
        row("connections held (peak / at end of play)", "\(c.peakOpen) / \(c.heldAtEnd)")
        row(
            "games finished (whole run / steady)",
            "\(result.games) / \(result.steadyGames)  (started \(result.gamesStarted); "
                + result.gamesByResult.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")")
        if let accounts = settings.accounts { row("players signed in (--sessions)", "as \(accounts) accounts") }
        if result.ratedGames > 0 || settings.rated {
            row("rated games (gameOver with ratings)", "\(result.ratedGames) of \(result.games)")
        }
        row(
            "steady play",
            result.steadySeconds == 0 && !result.ramp.isEmpty
                ? "none: stopped during the ramp (each step's figures are in the ramp table)"
                : String(format: "%.1f s", result.steadySeconds))
        row(
            "moves per second (steady)",
            String(format: "%.0f", result.movesPerSecond)
                + (result.lowestSecondMovesPerSecond.map { String(format: "  (slowest second %.0f)", $0) } ?? ""))
        if let cpu = result.serverCPUSecondsSteady, let perMove = result.serverCPUMicrosecondsPerMove {
            row("server CPU (steady, /proc)", String(format: "%.2f s, %.1f µs per move", cpu, perMove))
        } else if let cpu = result.serverCPUSecondsSteady, let percent = result.serverCPUPercentSteady {
            row("server CPU (steady, /proc)", String(format: "%.2f s over %.1f s: %.1f %% of a core", cpu, result.steadySeconds, percent))
        }
        if settings.hold { row("games held (in progress when play stopped)", "\(result.gamesInProgressAtEnd)") }
        latency("move -> opponent's board (ms)", result.opponentLatencyMs)
        latency("move -> spectator's board (ms)", result.spectatorLatencyMs)
        if let spread = result.opponentP99PerSecond {
            row(
                "opponent p99, second by second (steady)",
                "median \(ms(spread.medianP99Ms))  worst \(ms(spread.worstP99Ms)) ms;"
                    + "  over 10 ms in \(spread.secondsOver10Ms), over 20 ms in \(spread.secondsOver20Ms) of \(spread.seconds) s")
        }
        row(
            "errors",
            result.errorTotal == 0
                ? "none"
                : "\(result.errorTotal): "
                    + result.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        if result.unmatchedBoards > 0 { row("unmatched boards", "\(result.unmatchedBoards)") }
        let m = result.memory
        row(
            "server memory (resident)",
            "start \(mb(m.startMB))  peak \(mb(m.peakMB))  held \(mb(m.heldMB))  after close \(mb(m.afterCloseMB))")
        row("server memory read from", m.source)
        if m.afterTeardownMB != nil || m.matchesLoadedAfterTeardown != nil {
            row(
                "server memory after teardown",
                "\(mb(m.afterTeardownMB))  (matches loaded \(m.matchesLoadedAfterTeardown.map { String(Int($0)) } ?? "n/a"), unloaded after \(m.teardownSeconds.map { String(format: "%.1f s", $0) } ?? "n/a"))"
            )
        }
        if result.ramp.count > 1 {
            lines.append("")
            lines.append("ramp:  matches  connections  seconds   moves/s   opp p99 ms  spec p99 ms  errors")
            for step in result.ramp {
                lines.append(
                    String(
                        format: "      %8d  %11d  %7.1f  %8.0f  %11.2f  %11.2f  %6d", step.matches, step.connections, step.seconds,
                        step.movesPerSecond, step.opponentLatencyMs.p99, step.spectatorLatencyMs.p99, step.errors))
            }
        }
        if let audience = result.audience { lines += audience.lines }
        return lines.joined(separator: "\n")
    }
}
