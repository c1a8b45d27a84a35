import ArgumentParser
import Foundation

/// `tictactoe-bench`: the load generator of docs/PERFORMANCE.md. It plays many matches at once against
/// a running `tictactoe` server over real WebSockets and reports what it measured.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tictactoe-bench",
        abstract: "Plays many TicTacToe matches at once against a local server and measures it.",
        discussion: """
            Creates --matches matches (POST /api/matches), opens two player and --spectators spectator \
            WebSockets to each, logs the players in, and plays random legal Tic Tac Toe games back to \
            back (the player whose turn it is picks a random free cell, after --think-ms), the starter \
            alternating as PROTOCOL.md says, until --duration seconds have passed or --games games were \
            started. Connections are SwiftNIO channels driven by a per-connection state machine on \
            --threads event loops; all connections of a match share one loop.

            With --clock every match plays under that clock (the server keeps it; a `board` carries \
            `clock`). With --hold each match's first game is started and nobody moves, so the server \
            holds one game per match (one running clock each with --clock) and only its timers work: \
            the table gives its CPU over --duration (with --server-pid). --computer LEVEL puts the \
            computer in each match's second seat, so that a held match costs one connection, not two. \
            --sessions FILE plays as signed-in accounts (scripts/bench-accounts.py registers them), and \
            --rated makes every match rated: each game over must carry `ratings`.

            Measured: connections opened, upgraded, welcomed and held; games finished (by result); moves \
            per second; the latency from sending a move to the opponent receiving its `board` message and \
            to each spectator receiving it (HdrHistogram: p50, p90, p99, p99.9, max); `error` messages by \
            code, close codes and connection failures; the server's resident memory (VmRSS of \
            --server-pid, else `process_resident_memory_bytes` from the server's /metrics on --metrics-port). A progress \
            line every second, a table at the end, and JSON with --json.

            Audience mode (--audience N): beside the ordinary matches, one hot match whose two players move \
            --audience-rate times a second, watched by N watch-only spectators (/ws/{id}?watch=1) spread round \
            robin over --watch-urls. --timed-spectators of them decode every frame and keep each board's arrival \
            time; the others only read each frame's "v":N; --silent-spectators stop reading after their welcome. \
            Reported: move -> spectator p50/p99/max (the moves sent in the steady window), versions lost (a gap \
            no fresh welcome repaired), out of order, fresh welcomes (skips), each server's VmRSS before the \
            spectators and with them all welcomed (per spectator), and the CPU of each --server-pid and of the \
            bench over the steady window. --watch-match ID opens only spectators of a match that another bench \
            process drives; --hot-times FILE carries the send times between the two (CLOCK_MONOTONIC).

            Only loopback targets (127.0.0.0/8, ::1, localhost) are accepted, for the server and for \
            --source-addresses. Raise `ulimit -n` for big runs: every connection is a file descriptor \
            in the bench and in the server. The server limits match creation per address \
            (--matches-per-minute) and messages per connection (20/s): start it with a high \
            --matches-per-minute for big runs; the bench paces each connection under --max-rate.
            """
    )

    @Option(help: "Server address: a loopback IP or localhost.")
    var host = "127.0.0.1"

    @Option(help: "Server port.")
    var port = 8080

    @Option(help: "Matches to create and play.")
    var matches = 10

    @Option(help: "Spectator connections per match (besides its two players).")
    var spectators = 0

    @Option(
        help: ArgumentHelp(
            "Create every match with this clock (the body of POST /api/matches): INITIAL+INCREMENT in seconds, e.g. 600+5.",
            valueName: "clock"))
    var clock: String?

    @Option(
        help: ArgumentHelp(
            "Create every match with the computer in its second seat at this level (easy, perfect): one player connection per match, so 10,000 matches fit under the descriptor limit. Only with --hold.",
            valueName: "level"))
    var computer: String?

    @Option(
        help: ArgumentHelp(
            "Play as signed-in accounts: a file of NAME SESSION lines (scripts/bench-accounts.py writes it). Each match is created by its first player's session and both players connect with theirs, two neighbouring accounts of the file per match.",
            valueName: "file"))
    var sessions: String?

    @Flag(
        help:
            "Create every match rated (issue 42): needs --sessions. Every game over must then carry ratings; one without counts as an error, as does one with ratings in an unrated run."
    )
    var rated = false

    @Flag(
        help:
            "Start each match's first game and then make no move, for --duration seconds: the server holds a game (and with --clock a running clock) per match with nothing to do, and its CPU over that time is reported (with --server-pid)."
    )
    var hold = false

    @Option(help: "Seconds of steady play after every connection is open (default 10 unless --games is given).")
    var duration: Double?

    @Option(help: "Stop after this many games were started in total (all of them are finished before the report).")
    var games: Int?

    @Option(
        name: .customLong("think-ms"),
        help: ArgumentHelp(
            "Think time before each move, in milliseconds: MS or MIN-MAX (uniformly random).", valueName: "ms"
        ))
    var thinkTime = "0"

    @Option(help: "Seconds of play after the connect phase that are left out of the figures.")
    var warmup = 0.0

    @Option(name: .customLong("ramp-step"), help: "Add matches in steps of this many (0: all at once).")
    var rampStep = 0

    @Option(name: .customLong("ramp-interval"), help: "Seconds between two ramp steps.")
    var rampInterval = 5.0

    @Option(name: .customLong("max-p99-ms"), help: "Stop (ramp and play) once one second's p99 move-to-opponent latency passes this bound.")
    var maxP99Milliseconds: Double?

    @Option(
        name: .customLong("source-addresses"),
        help: ArgumentHelp(
            "Comma-separated loopback addresses to bind client sockets to, round robin (e.g. 127.0.0.1,127.0.0.2), so that ports do not run out.",
            valueName: "addresses"
        ))
    var sourceAddresses: String?

    @Option(help: "Event loop threads of the bench.")
    var threads = 1

    @Option(name: .customLong("connect-concurrency"), help: "WebSocket handshakes in flight at once.")
    var connectConcurrency = 128

    @Option(name: .customLong("create-concurrency"), help: "POST /api/matches requests in flight at once.")
    var createConcurrency = 8

    @Option(name: .customLong("max-rate"), help: "Messages one connection sends per second at most (the server's limit is 20).")
    var maxRate = 20

    @Option(
        name: .customLong("metrics-port"),
        help: "Port of the server's /metrics listener (the server's --metrics-address), on the same host; without it no /metrics is read.")
    var metricsPort: Int?

    @Option(
        name: .customLong("server-pid"),
        help:
            "Process id of the server, to read its VmRSS from /proc (else /metrics is scraped). Repeat it for several servers (--audience reports the memory and CPU of each; the rest of the table reads the first)."
    )
    var serverPIDs: [Int32] = []

    @Option(
        help: ArgumentHelp(
            "Audience mode: also create one hot match, whose two players the bench drives at --audience-rate, watched by this many watch-only spectators (/ws/{id}?watch=1) spread round robin over --watch-urls.",
            valueName: "spectators"))
    var audience = 0

    @Option(name: .customLong("audience-rate"), help: "Moves per second of the hot match (its two players together).")
    var audienceRate = 5.0

    @Option(
        name: .customLong("timed-spectators"),
        help:
            "Spectators of the audience that decode every frame and time every board (move -> spectator latency); the others only check the \"v\":N of each frame's text."
    )
    var timedSpectators = 200

    @Option(
        name: .customLong("silent-spectators"),
        help: "Spectators of the audience that stop reading their socket after their welcome (they answer no ping either).")
    var silentSpectators = 0

    @Option(
        name: .customLong("watch-urls"),
        help: ArgumentHelp(
            "Where the audience connects, round robin: comma-separated (or repeated) HOST:PORT, loopback only (default: --host:--port). The hot match's players use --host and --port.",
            valueName: "host:port,…"))
    var watchURLs: [String] = []

    @Option(
        name: .customLong("watch-match"),
        help: ArgumentHelp(
            "Second-process mode: create no match and drive no player; open --audience spectators of this match id (driven by another bench process) on --watch-urls and report them; with --hot-times, time its moves from the other process's file. An id may begin with '-': write --watch-match=ID.",
            valueName: "id"))
    var watchMatch: String?

    @Option(
        name: .customLong("hot-times"),
        help: ArgumentHelp(
            "With --audience: the hot match's mover writes each move's version and send time to this file (\"V NANOSECONDS\" lines, CLOCK_MONOTONIC, the same clock for every process on the machine); with --watch-match, the file read at the end to time the moves.",
            valueName: "file"))
    var hotTimes: String?

    @Option(name: .customLong("drain-timeout"), help: "Seconds to let the games in progress finish after the run before closing.")
    var drainTimeout = 10.0

    @Option(
        name: .customLong("teardown-wait"),
        help:
            "After closing, wait up to this many seconds for the server to unload every match (its /metrics gauge) and report its memory then."
    )
    var teardownWait = 0.0

    @Option(name: .customLong("settle"), help: "Seconds to wait after the matches were unloaded before the last memory sample.")
    var settle = 2.0

    @Option(help: "Write the results as JSON to this file.")
    var json: String?

    @Option(help: "Seed of the random moves and think times (default: random).")
    var seed: UInt64?

    @Flag(
        name: .customLong("tls"),
        help: "Speak https:// and wss:// to the server (its --tls-cert), accepting any certificate: a measurement tool, not a client.")
    var tls = false

    @Flag(name: .customLong("no-progress"), help: "Do not print a progress line every second.")
    var noProgress = false

    @Flag(
        name: .customLong("codec"),
        help: "Only measure the wire codec (a board message written and read, a client's move message read), no server needed.")
    var codecOnly = false

    @Option(
        name: .customLong("flag-watch"),
        help: ArgumentHelp(
            "Only time the server's clock timer (FlagWatch) with this many running clocks: arm, move, disarm, and the CPU of its tick over --duration seconds; no server needed.",
            valueName: "clocks"))
    var flagWatchClocks: Int?

    func validate() throws {
        _ = try LoopbackAddress.resolve(host)
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1...65535") }
        guard (1...65535).contains(metricsPort ?? 1) else { throw ValidationError("--metrics-port must be 1...65535") }
        guard (flagWatchClocks ?? 1) > 0 else { throw ValidationError("--flag-watch must be at least 1") }
        guard matches > 0 || audience > 0 else { throw ValidationError("--matches must be at least 1 (or 0 with --audience)") }
        guard matches >= 0 else { throw ValidationError("--matches must not be negative") }
        guard audience >= 0, timedSpectators >= 0, silentSpectators >= 0 else {
            throw ValidationError("--audience, --timed-spectators and --silent-spectators must not be negative")
        }
        guard audience == 0 || min(timedSpectators, audience) + silentSpectators <= audience else {
            throw ValidationError("--timed-spectators plus --silent-spectators must not pass --audience")
        }
        guard audienceRate > 0, audienceRate <= 16 else {
            throw ValidationError("--audience-rate must be above 0 and at most 16 (the server's message limit)")
        }
        guard watchMatch == nil || audience > 0 else { throw ValidationError("--watch-match needs --audience (the spectators to open)") }
        guard audience == 0 || !hold else { throw ValidationError("--audience is not for --hold") }
        _ = try watchTargets()
        guard spectators >= 0 else { throw ValidationError("--spectators must be 0 or more") }
        guard (duration ?? 1) > 0 else { throw ValidationError("--duration must be positive") }
        guard (games ?? 1) > 0 else { throw ValidationError("--games must be at least 1") }
        _ = try ThinkTime(parsing: thinkTime)
        if let clock { _ = try MatchRequest.clock(parsing: clock) }
        // Playing against the computer would need the bench to tell its moves from ours: not built.
        guard computer == nil || hold else { throw ValidationError("--computer is only for --hold (the bench does not play the computer)") }
        guard !rated || sessions != nil else { throw ValidationError("--rated needs --sessions: only signed-in players play rated") }
        guard sessions == nil || (computer == nil && audience == 0) else {
            throw ValidationError("--sessions is for matches between two people, without --computer or --audience")
        }
        if let sessions { _ = try BenchAccounts(contentsOf: sessions) }
        guard !hold || games == nil else { throw ValidationError("--hold plays no game to its end: give --duration, not --games") }
        guard warmup >= 0, rampInterval > 0, drainTimeout >= 0, teardownWait >= 0, settle >= 0 else {
            throw ValidationError("times must not be negative (and --ramp-interval positive)")
        }
        guard rampStep >= 0 else { throw ValidationError("--ramp-step must be 0 or more") }
        guard (maxP99Milliseconds ?? 1) > 0 else { throw ValidationError("--max-p99-ms must be positive") }
        _ = try sourceAddressList()
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be 1...64") }
        guard connectConcurrency > 0, createConcurrency > 0 else { throw ValidationError("concurrencies must be at least 1") }
        guard maxRate > 0 else { throw ValidationError("--max-rate must be at least 1") }
    }

    func run() async throws {
        if codecOnly {
            Console.line(CodecBench.run(rounds: 5, iterations: 100_000))
            return
        }
        if let flagWatchClocks {
            Console.line(await FlagWatchBench.run(clocks: flagWatchClocks, seconds: duration ?? 10))
            return
        }
        let settings = BenchSettings(
            target: try LoopbackAddress.resolve(host, port: port),
            hostHeader: "\(host):\(port)",
            port: port,
            tls: tls ? try BenchTLS.clientContext() : nil,
            metricsPort: metricsPort,
            matches: watchMatch == nil ? matches : 0,
            spectators: spectators,
            request: MatchRequest(clock: try clock.map(MatchRequest.clock(parsing:)), computerLevel: computer, rated: rated),
            accounts: try sessions.map(BenchAccounts.init(contentsOf:)),
            hold: hold,
            duration: duration ?? (games == nil ? 10 : nil),
            games: games,
            thinkTime: try ThinkTime(parsing: thinkTime),
            warmup: warmup,
            rampStep: rampStep == 0 ? matches : min(rampStep, matches),
            rampInterval: rampInterval,
            maxP99Milliseconds: maxP99Milliseconds,
            sourceAddresses: try sourceAddressList(),
            threads: threads,
            connectConcurrency: connectConcurrency,
            createConcurrency: createConcurrency,
            maxRate: maxRate,
            serverPID: serverPIDs.first,
            audience: audience == 0
                ? nil
                : AudienceSettings(
                    spectators: audience, timed: min(timedSpectators, audience), silent: silentSpectators, movesPerSecond: audienceRate,
                    targets: try watchTargets(), matchID: watchMatch, hotTimesPath: hotTimes, serverPIDs: serverPIDs),
            drainTimeout: drainTimeout,
            teardownWait: teardownWait,
            settle: settle,
            seed: seed ?? UInt64.random(in: 1...UInt64.max),
            printsProgress: !noProgress
        )
        let result = try await BenchRunner(settings: settings).run()
        Console.line(ResultTable(result: result).text)
        if let json {
            try result.jsonData().write(to: URL(fileURLWithPath: json))
            Console.line("results written to \(json)")
        }
    }

    /// `--watch-urls`, or the server itself.
    private func watchTargets() throws -> [WatchTarget] {
        let list = watchURLs.flatMap { $0.split(separator: ",") }.map(String.init).filter { !$0.isEmpty }
        do {
            let targets = try list.map(WatchTarget.init(parsing:))
            return targets.isEmpty
                ? [WatchTarget(address: try LoopbackAddress.resolve(host, port: port), hostHeader: "\(host):\(port)")] : targets
        } catch let error as BenchValidationError {
            throw ValidationError(error.description)
        }
    }

    private func sourceAddressList() throws -> [String] {
        guard let sourceAddresses else { return [] }
        let list = sourceAddresses.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for address in list { _ = try LoopbackAddress.resolve(address, allowName: false) }
        return list
    }
}
