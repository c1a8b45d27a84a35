import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real `tictactoe` executable, started as a child process on a free port with its matches in a
/// SQLite file: what a crash or a restart does to it is what these tests are about.
///
/// Start it through `ServerLaunches.withDatabase`, which kills every process it started, whatever the
/// test did. Its output (stdout and stderr) is read all the time, so the server never blocks on a full
/// pipe, and kept for the failure messages.
final class ServerProcess: LiveServer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How the process ended.
    struct Exit: Sendable, Equatable, CustomStringConvertible {
        /// The exit status, or the signal's number when `bySignal`.
        let status: Int32
        let bySignal: Bool
        var description: String { bySignal ? "killed by signal \(status)" : "exited with status \(status)" }
    }

    let pid: Int32
    private let process: Process
    private let output: ProcessOutput
    private let exit: ExitWatch
    private let boundPort = Atomic<Int>(0)

    /// The port from the `listening on` line (0 until then).
    var port: Int { boundPort.load(ordering: .acquiring) }

    /// The port of the `metrics on http://HOST:PORT/metrics` line (`--metrics-address`), once printed.
    var metricsPort: Int? { output.port(after: "metrics on http://") }

    /// `<repo>/.build/debug/tictactoe`; the repo is found from this file's path.
    static let binary: URL = repositoryRoot.appendingPathComponent(".build/debug/tictactoe")

    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private init(process: Process, output: ProcessOutput, exit: ExitWatch) {
        self.process = process
        self.pid = process.processIdentifier
        self.output = output
        self.exit = exit
    }

    deinit {
        // The last line of defence: never leave a server behind.
        if exit.current == nil { killNow() }
    }

    /// Starts `tictactoe --host 127.0.0.1 --port 0 --db <database> --public <repo>/Public
    /// --seat-timeout <seatTimeout>` plus `arguments`, and waits for its `listening on http://…` line.
    /// `started` is called with the process as soon as it runs, so that it is cleaned up even when the
    /// line never comes. With a `wrapper`, the process is `wrapper` followed by that command line (a
    /// wrapper that ends by `exec "$@"`, so that signals reach the server).
    static func start(
        database: String, seatTimeout: Double, arguments: [String] = [], wrapper: [String] = [], timeout: Duration = .seconds(15),
        started: (ServerProcess) -> Void = { _ in }
    ) async throws -> ServerProcess {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Failure(
                description: """
                    The server binary \(binary.path) is missing: run `swift build --product tictactoe` first \
                    (scripts/test.sh builds it before `swift test`).
                    """)
        }
        let process = Process()
        let command =
            [
                binary.path, "--host", "127.0.0.1", "--port", "0", "--db", database,
                "--public", repositoryRoot.appendingPathComponent("Public").path,
                "--seat-timeout", String(seatTimeout),
            ] + arguments
        let full = wrapper + command
        process.executableURL = URL(fileURLWithPath: full[0])
        process.arguments = Array(full.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: database).deletingLastPathComponent()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let output = ProcessOutput()
        let exit = ExitWatch()
        process.terminationHandler = { process in
            exit.finish(Exit(status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal))
        }
        let reader = pipe.fileHandleForReading
        reader.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
            } else {
                output.append(data)
            }
        }
        try process.run()
        let server = ServerProcess(process: process, output: output, exit: exit)
        started(server)

        let deadline = ContinuousClock.now + timeout
        while true {
            if let port = output.listeningPort() {
                server.boundPort.store(port, ordering: .releasing)
                return server
            }
            if let ended = exit.current {
                throw Failure(description: "the server \(ended) before listening:\n\(output.text)")
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the server did not print `listening on http://` within \(timeout):\n\(output.text)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Whether the process has not ended yet.
    var isRunning: Bool { exit.current == nil }

    /// Everything the server printed so far.
    var log: String { output.text }

    /// `kill(pid, SIGKILL)`: the crash. Returns once the process is gone.
    func kill() async {
        if isRunning { _ = signal(SIGKILL) }
        _ = await exit.wait(timeout: .seconds(10))
    }

    /// SIGTERM, the graceful shutdown: returns how the process ended, or throws when it has not ended
    /// within `timeout` (it is then killed).
    func terminate(timeout: Duration = .seconds(10)) async throws -> Exit {
        _ = signal(SIGTERM)
        if let ended = await exit.wait(timeout: timeout) { return ended }
        _ = signal(SIGKILL)
        throw Failure(description: "the server did not exit within \(timeout) of SIGTERM:\n\(output.text)")
    }

    /// Kills the process now, without waiting: for cleanup paths that cannot wait.
    func killNow() {
        if isRunning { _ = signal(SIGKILL) }
    }

    /// Waits until the server's output contains `text`; throws after `timeout`.
    func waitForLog(_ text: String, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !output.text.contains(text) {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the server did not log \"\(text)\" within \(timeout):\n\(output.text)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    private func signal(_ number: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.kill(pid, number)
        #else
            Darwin.kill(pid, number)
        #endif
    }
}

/// A temporary directory with one database file, and every `ServerProcess` started on it, one after the
/// other, as restarts do.
final class ServerLaunches: Sendable {
    let databasePath: String
    private let processes = Mutex<[ServerProcess]>([])

    private init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// Runs `body` with a fresh database path; afterwards, whether `body` returned or threw, kills every
    /// server still running and removes the directory.
    static func withDatabase<Value>(_ body: (ServerLaunches) async throws -> Value) async throws -> Value {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("RecoveryTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let launches = ServerLaunches(databasePath: directory.appendingPathComponent("matches.sqlite").path)
        defer {
            let all = launches.processes.withLock { $0 }
            for process in all { process.killNow() }
            try? FileManager.default.removeItem(at: directory)
        }
        let value = try await body(launches)
        for process in launches.processes.withLock({ $0 }) { await process.kill() }
        return value
    }

    /// Starts a server on this database, or on `database` (see `ServerProcess.start`).
    func start(seatTimeout: Double = 30, arguments: [String] = [], database: String? = nil, wrapper: [String] = []) async throws
        -> ServerProcess
    {
        try await ServerProcess.start(
            database: database ?? databasePath, seatTimeout: seatTimeout, arguments: arguments, wrapper: wrapper
        ) { process in
            processes.withLock { $0.append(process) }
        }
    }
}

/// What a child process printed, collected from its pipe.
private final class ProcessOutput: Sendable {
    private let data = Mutex(Data())
    /// Beyond this, only the start and the latest output are kept.
    private static let limit = 1 << 20

    func append(_ chunk: Data) {
        data.withLock { data in
            data.append(chunk)
            if data.count > Self.limit { data.removeSubrange(4096..<(data.count - Self.limit / 2)) }
        }
    }

    var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }

    /// The port of the `listening on http://HOST:PORT` line (`https://` with TLS), once printed.
    func listeningPort() -> Int? { port(after: "listening on http://") ?? port(after: "listening on https://") }

    /// The port of the first complete line holding `marker` + `HOST:PORT`, once printed.
    func port(after marker: String) -> Int? {
        let text = text
        guard let found = text.range(of: marker) else { return nil }
        let line = text[found.upperBound...].prefix { $0 != "\n" }
        let address = line.prefix { $0 != "/" }
        guard text[found.upperBound...].contains("\n"), let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...].prefix(while: \.isNumber))
    }
}

/// The end of a child process, awaitable.
private final class ExitWatch: Sendable {
    private struct State {
        var exit: ServerProcess.Exit?
        var waiters: [Int: CheckedContinuation<ServerProcess.Exit?, Never>] = [:]
        /// Waiters whose time ran out before they were registered.
        var expired: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    var current: ServerProcess.Exit? { state.withLock { $0.exit } }

    func finish(_ exit: ServerProcess.Exit) {
        let waiters = state.withLock { state in
            state.exit = exit
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: exit) }
    }

    /// How the process ended, or nil when it is still running after `timeout`.
    func wait(timeout: Duration) async -> ServerProcess.Exit? {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            let waiter = state.withLock { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.expired.insert(id)
                    return nil as CheckedContinuation<ServerProcess.Exit?, Never>?
                }
                return waiter
            }
            waiter?.resume(returning: nil)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let ended: ServerProcess.Exit?? = state.withLock { state in
                if let exit = state.exit { return .some(exit) }
                if state.expired.remove(id) != nil { return .some(nil) }
                state.waiters[id] = continuation
                return .none
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }
}
