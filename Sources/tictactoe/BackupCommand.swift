import ArgumentParser
import Foundation
import Server
import SQLiteStore

/// `tictactoe backup --db PATH --to FILE [--force]`: a consistent copy of a SQLite store, also while a
/// server plays on it (`SQLiteBackup`). A restore is starting a server on the copy (`--db FILE`).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a SQLite store consistently, also while a server plays on it.",
        discussion: """
            The copy is made in one read transaction (SQLite's VACUUM INTO), written under a temporary name \
            in the target's folder and renamed when complete. To restore, start a server on the copy: \
            tictactoe --db FILE. For PostgreSQL use pg_dump (README "Backups").
            """
    )

    @Option(help: "The SQLite file the server stores in (default: TICTACTOE_DB, else data/tictactoe.sqlite).")
    var db: String?

    @Option(help: "The backup file to write.")
    var to: String

    @Flag(help: "Replace the backup file when it exists.")
    var force = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment["TICTACTOE_DB"].flatMap { $0.isEmpty ? nil : $0 }
        var named = ServerConfiguration()
        named.databasePath = db ?? environment ?? named.databasePath
        let source = named.databasePath
        guard !named.usesPostgres else {
            throw ValidationError("--db names a PostgreSQL database: back it up with pg_dump (README \"Backups\")")
        }
        guard !named.usesInMemoryStore else { throw ValidationError("--db :memory: keeps nothing to back up") }
        let bytes = try SQLiteBackup.copy(from: source, to: to, replacing: force)
        print("backed up \(source) to \(to) (\(bytes) bytes)")
    }
}
