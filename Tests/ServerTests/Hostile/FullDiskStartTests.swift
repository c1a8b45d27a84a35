import Foundation
import NIOHTTP1
import Testing
import WireProtocol

/// Issue 17, item 6: a server whose disk is full starts anyway and serves the stored matches read-only.
///
/// The disk is a real full one: the server runs in its own user and mount namespaces
/// (`unshare --user --map-root-user --mount`, no privilege needed where user namespaces are allowed)
/// on a 512 KiB tmpfs holding a copy of the store, filled up with a file before the server starts,
/// so that any write that needs a new block fails with ENOSPC.
@Suite("Start on a full disk", .enabled(if: FullDisk.isAvailable, "needs `unshare -rm` (user namespaces) to mount a small tmpfs"))
struct FullDiskStartTests {
    /// With the WAL the last run left (what a shutdown leaves: the pool's readers cannot checkpoint it),
    /// and with the WAL checkpointed into the file first (the sqlite3 CLI), when the `-shm` file cannot
    /// be created either.
    @Test(arguments: FullDisk.hasSQLiteCLI ? [false, true] : [false])
    func test_onAFullDisk_theServerStartsReadOnly_servesStoredMatches_refusesWrites_healthzDegraded(checkpointed: Bool) async throws {
        try await ServerLaunches.withDatabase { launches in
            // A match with a seated player, stored by a server with room to write.
            let first = try await launches.start()
            let matchID = try await first.createMatch()
            let (alice, _) = try await TestClient.connected(port: first.port, matchID: matchID)
            alice.send(.login(name: "Alice"))
            _ = try await alice.next { if case .seated = $0 { true } else { false } }
            alice.close()
            #expect(try await first.terminate() == .init(status: 0, bySignal: false))

            let source = URL(fileURLWithPath: launches.databasePath).deletingLastPathComponent()
            let mount = source.appendingPathComponent("full", isDirectory: true)
            try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
            let server = try await launches.start(
                database: mount.appendingPathComponent("matches.sqlite").path,
                wrapper: FullDisk.wrapper(mount: mount.path, copying: source.path, checkpointing: checkpointed))

            try await server.waitForLog("serving the stored matches read-only")
            let health = try await HTTP.get(port: server.port, "/healthz")
            #expect(health.status == 503, "\(health.body)")
            #expect(health.body.contains(#""status":"degraded""#), "\(health.body)")
            let summary = try await HTTP.get(port: server.port, "/api/matches/\(matchID)")
            #expect(summary.status == 200)
            #expect(summary.body.contains("Alice"), "the stored match must be read: \(summary.body)")
            let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.players.map(\.name) == ["Alice"], "\(snapshot)")
            watcher.close()

            let refused = try await HTTP.request(port: server.port, "/api/matches", method: .POST)
            #expect(refused.status == 503, "\(refused.body)")
            #expect(refused.body.contains(#""code":"matchNotFound""#), "\(refused.body)")
            #expect(try await server.terminate() == .init(status: 0, bySignal: false), "\(server.log)")
        }
    }
}

/// Runs a command on a full disk of its own.
enum FullDisk {
    /// Whether this machine lets an unprivileged process mount a tmpfs in namespaces of its own.
    static let isAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k none /tmp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static let hasSQLiteCLI = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

    /// A wrapper for `ServerProcess.start`: mounts a 512 KiB tmpfs on `mount`, copies the files of
    /// `copying` into it (and checkpoints `matches.sqlite`'s WAL into it when `checkpointing`), fills
    /// the rest with a file, then runs the command it is given.
    static func wrapper(mount: String, copying source: String, checkpointing: Bool) -> [String] {
        let script = """
            set -e
            mount -t tmpfs -o size=512k none "$0"
            find "$1" -maxdepth 1 -type f -exec cp {} "$0"/ \\;
            if [ "$2" = checkpoint ]; then /usr/bin/sqlite3 "$0/matches.sqlite" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null; rm -f "$0/matches.sqlite-wal" "$0/matches.sqlite-shm"; fi
            dd if=/dev/zero of="$0/fill" bs=4k 2>/dev/null || true
            shift 2
            exec "$@"
            """
        return ["/usr/bin/unshare", "-rm", "sh", "-c", script, mount, source, checkpointing ? "checkpoint" : "asLeft"]
    }
}
