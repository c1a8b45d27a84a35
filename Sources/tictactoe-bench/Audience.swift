import Foundation
import NIOCore
import Synchronization

/// The audience mode (issue 31): one hot match whose two players the bench drives at a given rate,
/// watched by many watch-only spectators (`/ws/{id}?watch=1`) spread round robin over one or more
/// server addresses, beside the ordinary matches. Or, with `matchID` (`--watch-match`), only the
/// spectators of a match another bench process drives, for a second process when one cannot open
/// enough sockets.
struct AudienceSettings: Sendable {
    /// Spectators of the hot match.
    var spectators: Int
    /// Of those, how many parse every frame and time every board (the rest scan `"v":N` only).
    var timed: Int
    /// Of those, how many stop reading their socket after their `welcome`.
    var silent: Int
    /// Moves per second of the hot match's two players together.
    var movesPerSecond: Double
    /// Where the spectators connect, round robin.
    var targets: [WatchTarget]
    /// `--watch-match`: watch this match only (no players, no ordinary match); nil creates the hot match.
    var matchID: String?
    /// `--hot-times`: the file where the mover writes each hot move's version and send time (CLOCK_MONOTONIC
    /// nanoseconds, system-wide on Linux), and from which a `--watch-match` process reads them at its end.
    var hotTimesPath: String?
    /// Every server whose memory and CPU are reported.
    var serverPIDs: [Int32]

    var watchesOnly: Bool { matchID != nil }

    /// The hot players' think time: one move per 1/rate seconds between them.
    var thinkTime: ThinkTime {
        ThinkTime(fixed: max(0, Int((1000 / movesPerSecond).rounded())))
    }

    /// What spectator `index` does: the timed ones first, then the counting ones, the silent ones last
    /// (connected just before steady play, so that they are still open in the measured window rather
    /// than closed by the server's ping timeout while the others connect). Consecutive spectators go to
    /// consecutive targets, so every kind is spread over every target.
    func mode(of index: Int) -> WatchMode {
        if index < timed { return .timed }
        if index >= spectators - silent { return .silent }
        return .counting
    }
}

/// A server address spectators connect to (`--watch-urls`).
struct WatchTarget: Sendable {
    var address: SocketAddress
    var hostHeader: String
    var label: String

    /// `HOST:PORT`, `[::1]:PORT` or `ws://HOST:PORT`, loopback only.
    init(parsing text: String) throws {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        for scheme in ["ws://", "wss://", "http://", "https://"] where rest.hasPrefix(scheme) { rest = rest.dropFirst(scheme.count) }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]), (1...65535).contains(port) else {
            throw BenchValidationError("--watch-urls: expected HOST:PORT, got \(text)")
        }
        let host = String(rest[..<colon])
        address = try LoopbackAddress.resolve(host, port: port)
        hostHeader = "\(host):\(port)"
        label = hostHeader
    }

    init(address: SocketAddress, hostHeader: String) {
        self.address = address
        self.hostHeader = hostHeader
        label = hostHeader
    }
}

/// A validation error of the audience options (ArgumentParser's `ValidationError` prints the same way).
struct BenchValidationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What one spectator of the hot match does with its frames.
enum WatchMode: Sendable, Equatable {
    /// Decodes every frame and records each board's arrival time (the latency sample).
    case timed
    /// Scans each frame for its `"v":N` only.
    case counting
    /// Reads nothing after its `welcome`.
    case silent
}

/// The audience's counters, per loop and second as the rest of `StatsSample`.
struct AudienceCounts: Sendable, Codable {
    /// Spectators that received their first `welcome`.
    var welcomed = 0
    /// Frames (text messages) the spectators received.
    var frames = 0
    /// `board` messages among them.
    var boards = 0
    /// The frames' bytes on the wire, headers included (a server's text frame: 2 bytes of header up to
    /// 125 bytes of payload, 4 up to 65,535).
    var bytes = 0
    /// Versions never received: the sum of the gaps between a message's `v` and the one before it,
    /// when no fresh `welcome` came in between.
    var lost = 0
    /// Gaps (each of one or more versions).
    var gaps = 0
    /// Messages whose `v` was not above the last one's.
    var outOfOrder = 0
    /// `welcome`s after the first: the server's replacement of a backlog by a fresh snapshot (a skip).
    var freshWelcomes = 0
    /// Versions those welcomes skipped over.
    var skippedVersions = 0
    /// Frames without a `"v":` (an `error`), and versioned ones before the first `welcome`.
    var unversioned = 0
    var beforeWelcome = 0
    /// Silent spectators whose connection the server closed (they answer no ping).
    var silentClosed = 0
    /// Errors of the spectators, by kind (as the ordinary `errors`).
    var errors: [String: Int] = [:]

    mutating func add(_ other: AudienceCounts) {
        welcomed += other.welcomed
        frames += other.frames
        boards += other.boards
        bytes += other.bytes
        lost += other.lost
        gaps += other.gaps
        outOfOrder += other.outOfOrder
        freshWelcomes += other.freshWelcomes
        skippedVersions += other.skippedVersions
        unversioned += other.unversioned
        beforeWelcome += other.beforeWelcome
        silentClosed += other.silentClosed
        errors.merge(other.errors, uniquingKeysWith: +)
    }
}

/// When a timed spectator received the board of version `v` (CLOCK_MONOTONIC nanoseconds).
struct Arrival: Sendable {
    var v: Int
    var at: UInt64
}

/// The hot match's moves: the version of the board each produced and when its frame was written
/// (CLOCK_MONOTONIC nanoseconds, `NIODeadline.now()`). Filled by the hot match's players when the
/// board comes back; also appended to `--hot-times` as `v nanoseconds` lines for a second process.
final class HotMoveTimes: Sendable {
    private struct State {
        var sent: [Int: UInt64] = [:]
        var file: FileHandle?
    }

    private let state: Mutex<State>

    init(path: String?) throws {
        var file: FileHandle?
        if let path {
            FileManager.default.createFile(atPath: path, contents: nil)
            file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        }
        state = Mutex(State(file: file))
    }

    /// Records the move that produced version `v`, once (both players see its board).
    func record(v: Int, sentAt: UInt64) {
        state.withLock { state in
            guard state.sent[v] == nil else { return }
            state.sent[v] = sentAt
            state.file?.write(Data("\(v) \(sentAt)\n".utf8))
        }
    }

    var moves: [Int: UInt64] { state.withLock { $0.sent } }

    /// Reads a `--hot-times` file another process wrote.
    static func read(path: String) -> [Int: UInt64] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var sent: [Int: UInt64] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let v = Int(parts[0]), let at = UInt64(parts[1]) { sent[v] = sent[v] ?? at }
        }
        return sent
    }
}

/// Resident memory and CPU of the servers (`--server-pid`, several) and of the bench itself, from /proc.
enum ProcessProbe {
    static func residentBytes(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    static var ownPID: Int32 { ProcessInfo.processInfo.processIdentifier }
}

/// What the audience measured: printed after the table, and `audience` in the JSON.
struct AudienceResult: Codable, Sendable {
    struct ProcessCPU: Codable, Sendable {
        var process: String
        var cpuSeconds: Double
        /// Of `cpuSeconds`, in user space and in the kernel (`/proc/PID/stat`'s utime and stime).
        var userSeconds: Double
        var systemSeconds: Double
        var percentOfCore: Double
    }

    /// The window's deliveries against the servers' CPU over the same window: what a spectator's board
    /// costs the server (issue 44 compares it with a bare C writer's `write`).
    struct WindowFigures: Codable, Sendable {
        var frames: Int
        var boards: Int
        /// Bytes on the wire per board: the frame size a bare writer compares at.
        var bytesPerBoard: Int?
        /// The servers' CPU (all of them together) over the window, per board and per frame received.
        var serverMicrosecondsPerBoard: Double?
        var serverMicrosecondsPerFrame: Double?
        /// Of the CPU per board, in user space (our code and NIO's) and in the kernel (the writes).
        var serverUserMicrosecondsPerBoard: Double?
        var serverSystemMicrosecondsPerBoard: Double?

        init(frames: Int, boards: Int, bytes: Int, cpu: [ProcessCPU]) {
            self.frames = frames
            self.boards = boards
            bytesPerBoard = boards > 0 ? Int((Double(bytes) / Double(boards)).rounded()) : nil
            let servers = cpu.filter { $0.process.hasPrefix("server") }
            func per(_ count: Int, _ seconds: (AudienceResult.ProcessCPU) -> Double) -> Double? {
                count > 0 && !servers.isEmpty ? (servers.reduce(0) { $0 + seconds($1) } * 1e6 / Double(count) * 100).rounded() / 100 : nil
            }
            serverMicrosecondsPerBoard = per(boards, \.cpuSeconds)
            serverMicrosecondsPerFrame = per(frames, \.cpuSeconds)
            serverUserMicrosecondsPerBoard = per(boards, \.userSeconds)
            serverSystemMicrosecondsPerBoard = per(boards, \.systemSeconds)
        }
    }

    struct ServerMemory: Codable, Sendable {
        var pid: Int32
        /// Before the spectators connected (players and ordinary matches already on).
        var beforeMB: Double?
        /// With every spectator connected and welcomed (and --settle seconds).
        var withAudienceMB: Double?
        /// Spectators this process connected to that server.
        var spectators: Int
        /// The difference over those spectators, in KB (1,024 bytes).
        var kilobytesPerSpectator: Double?
    }

    var matchID: String
    var watchOnly: Bool
    var targets: [String]
    var spectators: Int
    var timed: Int
    var silent: Int
    var connected: Int
    var welcomed: Int
    var connectFailures: [String: Int]
    var silentOpenAtEnd: Int
    /// The hot match's moves sent over the measured window, per second (the mover only).
    var hotMovesPerSecond: Double?
    var measuredSeconds: Double
    /// Move sent -> a timed spectator's `board`, for the moves sent in the measured window.
    var latencyMs: LatencySummary
    /// Timed arrivals whose move's send time was not known (a board from outside the window's table).
    var arrivalsWithoutSendTime: Int
    var counts: AudienceCounts
    /// What the spectators received over the measured window, and the servers' CPU per board and frame.
    var window: WindowFigures
    var memory: [ServerMemory]
    var kilobytesPerSpectator: Double?
    var cpu: [ProcessCPU]

    var lines: [String] {
        var lines: [String] = []
        func row(_ name: String, _ value: String) { lines.append(name.padding(toLength: 44, withPad: " ", startingAt: 0) + value) }
        func ms(_ value: Double) -> String { String(format: "%.2f", value) }
        lines.append("")
        lines.append(
            "audience: match \(matchID)\(watchOnly ? " (watch only, moved by another process)" : ""), \(spectators) spectators (\(timed) timed, \(silent) silent) on \(targets.joined(separator: ", "))"
        )
        lines.append(String(repeating: "-", count: 100))
        row(
            "spectators connected / welcomed",
            "\(connected) / \(welcomed)  (failed \(connectFailures.values.reduce(0, +))\(connectFailures.isEmpty ? "" : ": " + connectFailures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))"
        )
        if let hotMovesPerSecond { row("hot match moves per second", String(format: "%.2f", hotMovesPerSecond)) }
        row("measured window", String(format: "%.1f s", measuredSeconds))
        row(
            "move -> spectator's board (ms)",
            latencyMs.count == 0
                ? "no samples"
                : "p50 \(ms(latencyMs.p50))  p90 \(ms(latencyMs.p90))  p99 \(ms(latencyMs.p99))  p99.9 \(ms(latencyMs.p999))  max \(ms(latencyMs.max)) ms  (\(latencyMs.count) samples)"
        )
        if arrivalsWithoutSendTime > 0 { row("timed boards without a send time", "\(arrivalsWithoutSendTime)") }
        row("frames / boards received", "\(counts.frames) / \(counts.boards)")
        row("frames / boards in the window", "\(window.frames) / \(window.boards), \(window.bytesPerBoard ?? 0) bytes a board")
        if let perBoard = window.serverMicrosecondsPerBoard, let perFrame = window.serverMicrosecondsPerFrame {
            row(
                "server CPU per board / frame",
                String(
                    format: "%.2f / %.2f µs (per board: user %.2f, kernel %.2f)", perBoard, perFrame,
                    window.serverUserMicrosecondsPerBoard ?? 0,
                    window.serverSystemMicrosecondsPerBoard ?? 0))
        }
        row(
            "messages lost (gaps no welcome repaired)",
            "\(counts.lost) in \(counts.gaps) gaps;  out of order \(counts.outOfOrder);  before welcome \(counts.beforeWelcome)")
        row("fresh welcomes (skips)", "\(counts.freshWelcomes), \(counts.skippedVersions) versions skipped")
        if silent > 0 { row("silent spectators closed / still open", "\(counts.silentClosed) / \(silentOpenAtEnd)") }
        row(
            "spectator errors",
            counts.errors.isEmpty
                ? "none" : counts.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for server in memory {
            func mb(_ value: Double?) -> String { value.map { String(format: "%.1f MB", $0) } ?? "n/a" }
            let each = server.kilobytesPerSpectator.map { String(format: "%.2f KB each", $0) } ?? "n/a"
            row(
                "server \(server.pid) memory (VmRSS)",
                "before \(mb(server.beforeMB))  with audience \(mb(server.withAudienceMB))  \(server.spectators) spectators: \(each)")
        }
        if let kilobytesPerSpectator { row("memory per spectator (all servers)", String(format: "%.2f KB", kilobytesPerSpectator)) }
        for process in cpu {
            row("CPU of \(process.process)", String(format: "%.2f s: %.1f %% of a core", process.cpuSeconds, process.percentOfCore))
        }
        return lines
    }
}
