import Foundation
import PostgresStore

/// A primary with a synchronous standby of its own (scripts/postgres-pair.sh), for the failover tests:
/// started in a new folder, changed by the script's commands, stopped and removed by `stop()`.
struct PostgresPair {
    let folder: String
    /// `postgres://…@PRIMARY,STANDBY/tictactoe`.
    let url: PostgresURL

    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/postgres-pair.sh").path

    /// Starts the pair; the standby is synchronous when this returns.
    static func start() throws -> PostgresPair {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tictactoe-pair-\(UUID().uuidString.prefix(8))").path
        try run("start", folder)
        let text = try String(contentsOfFile: folder + "/url", encoding: .utf8)
        return PostgresPair(folder: folder, url: try PostgresURL(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// The primary alone, then the standby alone, as one-host URLs.
    var primaryURL: PostgresURL { get throws { try single(0) } }
    var standbyURL: PostgresURL { get throws { try single(1) } }

    private func single(_ index: Int) throws -> PostgresURL {
        try PostgresURL("postgres://\(url.user):\(url.password ?? "")@\(url.hosts[index])/\(url.database)")
    }

    func killPrimary() throws { try Self.run("kill-primary", folder) }
    func promoteStandby() throws { try Self.run("promote", folder) }
    func restartOldPrimary() throws { try Self.run("restart-old", folder) }
    func stop() { try? Self.run("stop", folder) }

    /// Runs the script; its output is not read: the servers it starts could keep a pipe open for ever.
    private static func run(_ command: String, _ folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, command, folder]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PairFailure(command: command, status: process.terminationStatus) }
    }
}

struct PairFailure: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    var description: String { "scripts/postgres-pair.sh \(command) exited with \(status)" }
}
