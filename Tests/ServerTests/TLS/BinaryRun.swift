import Foundation

/// The `tictactoe` executable run to its end (a start that fails, a `backup`): its status and output.
struct BinaryRun {
    let status: Int32
    let output: String

    /// Runs `.build/debug/tictactoe` with `arguments` and `environment` added to this process's, and
    /// waits for it (at most `timeout`, then kills it).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(30)) async throws
        -> BinaryRun
    {
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The output is read to its end on another thread, so a full pipe never blocks the process.
        let reading = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline { process.terminate() }
            try await Task.sleep(for: .milliseconds(20))
        }
        let output = String(decoding: await reading.value, as: UTF8.self)
        return BinaryRun(status: process.terminationStatus, output: output)
    }
}
