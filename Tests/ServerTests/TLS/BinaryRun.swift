import Foundation
import Synchronization

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
        // The output is collected as it comes (Foundation's reading thread), so a full pipe never blocks
        // the process, and no thread of Swift's small cooperative pool ever blocks on a read: that would
        // stall every other test of the process.
        let collected = Mutex(Data())
        let ended = Mutex(false)
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                ended.withLock { $0 = true }
            } else {
                collected.withLock { $0.append(data) }
            }
        }
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning || !ended.withLock({ $0 }) {
            if ContinuousClock.now > deadline {
                process.terminate()
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return BinaryRun(status: process.terminationStatus, output: String(decoding: collected.withLock { $0 }, as: UTF8.self))
    }
}
