import Foundation
import Testing

/// `tictactoe backup`'s refusals: each a clear sentence, exit 1, and nothing written beside the target.
@Suite("Backup refusals")
struct BackupInputTests {
    /// A folder with a real store made by `backup`'s own source check: a server's SQLite file.
    private func withStore(_ body: (URL, String) async throws -> Void) async throws {
        let folder = try BackupTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("matches.sqlite").path
        try await withTestServer(configure: { $0.databasePath = database }) { server in _ = try await server.createMatch() }
        try await body(folder, database)
    }

    private func backup(_ arguments: [String]) async throws -> BinaryRun {
        try await BinaryRun.run(["backup"] + arguments)
    }

    /// The folder's files other than those named.
    private func leftovers(in folder: URL, besides names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !names.contains($0) && !$0.hasPrefix("matches.sqlite") }
    }

    @Test func test_anExistingTarget_isRefused_unlessForced() async throws {
        try await withStore { folder, database in
            let target = folder.appendingPathComponent("backup.sqlite").path
            try "keep me".write(toFile: target, atomically: true, encoding: .utf8)
            let refused = try await backup(["--db", database, "--to", target])
            #expect(refused.status == 1)
            #expect(refused.output.contains("exists") && refused.output.contains("--force"), "\(refused.output)")
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
            let forced = try await backup(["--db", database, "--to", target, "--force"])
            #expect(forced.status == 0, "\(forced.output)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(15) == Data("SQLite format 3".utf8))
            #expect(try leftovers(in: folder, besides: ["backup.sqlite"]).isEmpty)
        }
    }

    @Test func test_aSourceThatIsNotADatabase_orMissing_isAClearError() async throws {
        try await withStore { folder, _ in
            let text = folder.appendingPathComponent("notes.txt").path
            try String(repeating: "not a database\n", count: 100).write(toFile: text, atomically: true, encoding: .utf8)
            let target = folder.appendingPathComponent("backup.sqlite").path
            let notDatabase = try await backup(["--db", text, "--to", target])
            #expect(notDatabase.status == 1)
            #expect(notDatabase.output.contains("is not a SQLite database"), "\(notDatabase.output)")
            let missing = try await backup(["--db", folder.appendingPathComponent("gone.sqlite").path, "--to", target])
            #expect(missing.status == 1)
            #expect(missing.output.contains("there is no database at"), "\(missing.output)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("gone.sqlite").path), "never created")
            #expect(try leftovers(in: folder, besides: ["notes.txt"]).isEmpty)
        }
    }

    @Test func test_aFolderThatCannotBeWritten_isAClearError_andLeavesNothing() async throws {
        try await withStore { folder, database in
            let missingFolder = try await backup(["--db", database, "--to", folder.appendingPathComponent("no/such/backup.sqlite").path])
            #expect(missingFolder.status == 1)
            #expect(missingFolder.output.contains("does not exist"), "\(missingFolder.output)")
            // /proc takes no new file, even from root (for whom a folder's permissions do not count).
            let unwritable = try await backup(["--db", database, "--to", "/proc/backup.sqlite"])
            #expect(unwritable.status == 1)
            #expect(unwritable.output.contains("cannot write the backup in /proc"), "\(unwritable.output)")
            #expect(!FileManager.default.fileExists(atPath: "/proc/backup.sqlite"))
            #expect(try leftovers(in: folder, besides: []).isEmpty)
        }
    }

    @Test func test_aPostgresURL_isSentToPgDump() async throws {
        let run = try await backup(["--db", "postgres://u@127.0.0.1:5432/db", "--to", "/tmp/never.sqlite"])
        #expect(run.status != 0)
        #expect(run.output.contains("pg_dump"))
    }
}
