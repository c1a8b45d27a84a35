import ArgumentParser
import Foundation
import PostgresStore
import SQLiteStore

/// `tictactoe-store-bench`: how many moves per second a `SQLiteMatchStore` sustains, with group commit
/// on and off, at `PRAGMA synchronous` FULL and NORMAL; or a `PostgresMatchStore` with `--db postgres://…`.
@main
struct StoreBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tictactoe-store-bench",
        abstract: "Measures how many moves per second the SQLite (or PostgreSQL) match store sustains.",
        discussion: """
            Each simulated match is a Task that creates its match, then appends one move record (with \
            the match's summary) at a time, waiting for each append to return as the server does before \
            it tells the players. All matches run at once for --duration seconds, or until --moves moves \
            are stored in total. Every configuration gets a new store; the table shows, for each one, \
            the moves stored per second, the append latency percentiles (from every append's measured \
            latency), and the transactions committed while the moves ran with the records they carried.
            """
    )

    @Option(help: "How many matches append moves concurrently, each in its own Task.")
    var matches = 64

    @Option(help: "How long each configuration runs, in seconds (ignored when --moves is given).")
    var duration = 3.0

    @Option(help: "Stop each configuration after this many moves in total, instead of after --duration.")
    var moves: Int?

    @Option(
        help: ArgumentHelp(
            "The SQLite file to write (every configuration appends new matches to it and it is kept), or postgres://USER[:PASSWORD]@HOST:PORT/DB to measure the PostgreSQL store.",
            discussion: """
                By default each configuration writes a new SQLite file in a temporary directory, removed at exit. \
                With PostgreSQL, each configuration writes to a new schema of the database (bench_…), which is kept; \
                --synchronous does not apply (the store always commits with synchronous_commit on).
                """,
            valueName: "path-or-url"
        ))
    var db: String?

    @Option(help: "Group commit to measure: on, off or both.")
    var groupCommit: GroupCommitChoice = .both

    @Option(help: "PRAGMA synchronous to measure: full, normal or both.")
    var synchronous: SynchronousChoice = .both

    @Option(help: "The most appends one transaction carries with group commit.")
    var maxBatchSize = 256

    @Option(help: "Instead of the moves: time the leaderboard query with this many rated players (SQLite).")
    var leaderboardPlayers: Int?

    func validate() throws {
        guard matches > 0 else { throw ValidationError("--matches must be at least 1") }
        guard duration > 0 else { throw ValidationError("--duration must be positive") }
        guard (moves ?? 1) > 0 else { throw ValidationError("--moves must be at least 1") }
        guard maxBatchSize > 0 else { throw ValidationError("--max-batch-size must be at least 1") }
        guard db != ":memory:" else {
            throw ValidationError("--db must be a file or a postgres:// URL: the bench measures a durable store")
        }
        if let db, PostgresURL.isPostgres(db) {
            do { _ = try PostgresURL(db) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tictactoe-store-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        if let leaderboardPlayers {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = db ?? directory.appendingPathComponent("leaderboard.sqlite").path
            try await LeaderboardBench.measure(players: leaderboardPlayers, queries: 1000, path: path)
            return
        }
        let limit: BenchLimit = moves.map { .moves($0) } ?? .duration(.milliseconds(Int(duration * 1000)))
        print("store bench: \(matches) concurrent matches, \(limit), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let postgres = try db.flatMap { PostgresURL.isPostgres($0) ? try PostgresURL($0) : nil }
        let run = UUID().uuidString.prefix(8).lowercased()
        print(postgres.map { "database: \($0), schemas bench_\(run)_…" } ?? "file: \(db ?? directory.path + "/<configuration>.sqlite")")
        print()
        let table = ResultTable()
        print(table.header)
        for group in groupCommit.values {
            let stores: [BenchStore] =
                if let postgres {
                    [.postgres(postgres, schema: "bench_\(run)_gc_\(group ? "on" : "off")")]
                } else {
                    synchronous.values.map { level in
                        .sqlite(
                            path: db ?? directory.appendingPathComponent("gc-\(group)-\(level.rawValue).sqlite").path,
                            synchronous: level)
                    }
                }
            for store in stores {
                let setup = BenchSetup(store: store, groupCommit: group, maxBatchSize: maxBatchSize, matches: matches, limit: limit)
                let result = try await BenchRun.measure(setup)
                print(table.row(for: setup, result))
            }
        }
    }
}

/// On, off, or both, for `--group-commit`.
enum GroupCommitChoice: String, ExpressibleByArgument, CaseIterable {
    case on, off, both

    var values: [Bool] {
        switch self {
        case .on: [true]
        case .off: [false]
        case .both: [true, false]
        }
    }
}

/// Full, normal, or both, for `--synchronous`.
enum SynchronousChoice: String, ExpressibleByArgument, CaseIterable {
    case full, normal, both

    var values: [SQLiteSynchronous] {
        switch self {
        case .full: [.full]
        case .normal: [.normal]
        case .both: [.full, .normal]
        }
    }
}
