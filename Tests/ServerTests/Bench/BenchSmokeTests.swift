import Foundation
import Testing

/// The load generator works: the built `tictactoe-bench` plays a few matches against an in-process
/// server and reports games and no errors. It checks the generator, not the server's speed
/// (docs/PERFORMANCE.md has the figures).
// One bench at a time: each drives its own server flat out, and two at once on two cores starve both.
@Suite("Load generator smoke test", .serialized)
struct BenchSmokeTests {
    static var benchBinary: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug/tictactoe-bench")
    }

    @Test func test_benchPlaysThreeMatchesWithSpectators_reportsGamesAndNoErrors() async throws {
        let binary = Self.benchBinary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "\(binary.path) is missing: build it first with `swift build --product tictactoe-bench` (scripts/test.sh does)"
        )
        try await withTestServer { server in
            let json = FileManager.default.temporaryDirectory.appendingPathComponent("bench-smoke-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: json) }

            let (status, output) = try await Self.run(
                binary,
                arguments: [
                    "--port", "\(server.port)", "--matches", "3", "--spectators", "1", "--duration", "2",
                    "--no-progress", "--json", json.path,
                ], timeout: .seconds(60))

            #expect(status == 0, "tictactoe-bench exited with \(status):\n\(output)")
            let data = try Data(contentsOf: json)
            let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let connections = try #require(result["connections"] as? [String: Any])
            #expect(connections["welcomed"] as? Int == 9, "\(output)")
            #expect((result["games"] as? Int ?? 0) > 0, "\(output)")
            #expect(result["errorTotal"] as? Int == 0, "\(result["errors"] ?? "")\n\(output)")
            let latency = try #require(result["opponentLatencyMs"] as? [String: Any])
            #expect((latency["count"] as? Int ?? 0) > 0)
            let perSecond = try #require(result["opponentP99PerSecond"] as? [String: Any], "\(output)")
            #expect((perSecond["seconds"] as? Int ?? 0) > 0)
            #expect(output.contains("opponent p99, second by second"), "\(output)")
        }
    }

    /// `--clock`: the matches are created with a clock, every board carries it, and the bench reads
    /// them (its debug build checks its board shortcut against the full reader on each).
    @Test func test_benchWithAClock_playsGamesWithNoErrors() async throws {
        let binary = Self.benchBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is missing: build it first")
        try await withTestServer { server in
            let result = try await Self.runForResult(
                binary, arguments: ["--port", "\(server.port)", "--matches", "2", "--clock", "600+5", "--duration", "2"])
            #expect((result["games"] as? Int ?? 0) > 0)
            #expect(result["errorTotal"] as? Int == 0, "\(result["errors"] ?? "")")
            #expect(result["unmatchedBoards"] as? Int == 0)
            #expect((result["settings"] as? [String: Any])?["request"] as? String == "clock 600+5")
        }
    }

    /// `--hold` against the computer: each match's game is started, nobody moves, the games are still
    /// on when play stops, and nobody's clock ran out.
    @Test func test_benchHoldsClockedGamesAgainstTheComputer() async throws {
        let binary = Self.benchBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is missing: build it first")
        try await withTestServer { server in
            let result = try await Self.runForResult(
                binary,
                arguments: [
                    "--port", "\(server.port)", "--matches", "3", "--clock", "3600+0", "--computer", "easy", "--hold", "--duration", "1",
                    "--warmup", "1",
                ])
            #expect(result["gamesStarted"] as? Int == 3)
            #expect(result["gamesInProgressAtEnd"] as? Int == 3)
            #expect(result["movesSentTotal"] as? Int == 0)
            #expect(result["games"] as? Int == 0)
            #expect(result["errorTotal"] as? Int == 0, "\(result["errors"] ?? "")")
            let connections = try #require(result["connections"] as? [String: Any])
            #expect(connections["welcomed"] as? Int == 3)
        }
    }

    /// `--audience`: a hot match watched by 20 watch-only spectators beside 2 ordinary matches; the
    /// audience's figures come out (timed boards, memory per spectator, CPU) and no version was lost.
    @Test func test_benchAudience_reportsSpectatorLatencyAndLosesNothing() async throws {
        let binary = Self.benchBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is missing: build it first")
        try await withTestServer { server in
            let result = try await Self.runForResult(
                binary,
                arguments: [
                    "--port", "\(server.port)", "--matches", "2", "--spectators", "1", "--think-ms", "50", "--audience", "20",
                    "--timed-spectators", "5", "--audience-rate", "10", "--server-pid", "\(ProcessInfo.processInfo.processIdentifier)",
                    "--duration", "3", "--settle", "0",
                ])
            #expect(result["errorTotal"] as? Int == 0, "\(result["errors"] ?? "")")
            #expect((result["games"] as? Int ?? 0) > 0)
            let audience = try #require(result["audience"] as? [String: Any], "\(result)")
            #expect(audience["welcomed"] as? Int == 20, "\(audience)")
            let latency = try #require(audience["latencyMs"] as? [String: Any])
            #expect((latency["count"] as? Int ?? 0) > 0, "\(audience)")
            let counts = try #require(audience["counts"] as? [String: Any])
            #expect(counts["lost"] as? Int == 0, "\(counts)")
            #expect(counts["outOfOrder"] as? Int == 0, "\(counts)")
            #expect((counts["errors"] as? [String: Any])?.isEmpty == true, "\(counts)")
            #expect((audience["hotMovesPerSecond"] as? Double ?? 0) > 0, "\(audience)")
            let memory = try #require(audience["memory"] as? [[String: Any]])
            #expect(memory.first?["kilobytesPerSpectator"] != nil, "\(memory)")
            let cpu = try #require(audience["cpu"] as? [[String: Any]])
            #expect(cpu.count == 2, "a server and the bench: \(cpu)")
        }
    }

    /// `--sessions` and `--rated` (issue 42): the match is created by a signed-in account, both players
    /// sign in as accounts, and every game over carries ratings.
    @Test func test_benchRatedAsSignedInAccounts_everyGameIsRated() async throws {
        let binary = Self.benchBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is missing: build it first")
        try await withTestServer { server in
            let sessions = FileManager.default.temporaryDirectory.appendingPathComponent("bench-sessions-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: sessions) }
            var lines = ["# NAME SESSION"]
            for name in ["BenchAnn", "BenchBo"] { lines.append("\(name) \(try await server.registerAccount(name))") }
            try lines.joined(separator: "\n").write(to: sessions, atomically: true, encoding: .utf8)
            let result = try await Self.runForResult(
                binary,
                arguments: ["--port", "\(server.port)", "--matches", "1", "--sessions", sessions.path, "--rated", "--duration", "2"])
            let games = result["games"] as? Int ?? 0
            #expect(games > 0)
            #expect(result["ratedGames"] as? Int == games, "\(result)")
            #expect(result["errorTotal"] as? Int == 0, "\(result["errors"] ?? "")")
            #expect((result["settings"] as? [String: Any])?["accounts"] as? Int == 2)
        }
    }

    @Test func test_benchRefusesABadClockAndTheComputerWithoutHold() async throws {
        let binary = Self.benchBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is missing: build it first")
        let (badClock, badClockOutput) = try await Self.run(binary, arguments: ["--clock", "5+0"], timeout: .seconds(30))
        #expect(badClock != 0)
        #expect(badClockOutput.contains("10 seconds to 24 hours"), "\(badClockOutput)")
        let (computer, computerOutput) = try await Self.run(binary, arguments: ["--computer", "easy"], timeout: .seconds(30))
        #expect(computer != 0)
        #expect(computerOutput.contains("--hold"), "\(computerOutput)")
        let (rated, ratedOutput) = try await Self.run(binary, arguments: ["--rated"], timeout: .seconds(30))
        #expect(rated != 0)
        #expect(ratedOutput.contains("--sessions"), "\(ratedOutput)")
    }

    /// Runs the bench quietly with `arguments` plus `--json`, expects exit status 0, and returns the JSON.
    static func runForResult(_ binary: URL, arguments: [String]) async throws -> [String: Any] {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("bench-smoke-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let (status, output) = try await run(binary, arguments: arguments + ["--no-progress", "--json", json.path], timeout: .seconds(60))
        #expect(status == 0, "tictactoe-bench exited with \(status):\n\(output)")
        return try #require(try JSONSerialization.jsonObject(with: try Data(contentsOf: json)) as? [String: Any], "\(output)")
    }

    @Test func test_benchRefusesATargetThatIsNotLoopback() async throws {
        let binary = Self.benchBinary
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "\(binary.path) is missing: run `swift build --product tictactoe-bench`")
        let (status, output) = try await Self.run(binary, arguments: ["--host", "192.0.2.1", "--matches", "1"], timeout: .seconds(30))
        #expect(status != 0)
        #expect(output.contains("loopback"), "\(output)")
    }

    /// Runs `binary`, returning its exit status and its output (stdout and stderr); kills it after `timeout`.
    static func run(_ binary: URL, arguments: [String], timeout: Duration) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { exited.continuation.yield($0.terminationStatus) }
        try process.run()
        let reader = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
        let killer = Task {
            try await Task.sleep(for: timeout)
            process.terminate()
        }
        var iterator = exited.stream.makeAsyncIterator()
        let status = await iterator.next() ?? -1
        killer.cancel()
        let output = String(decoding: await reader.value, as: UTF8.self)
        return (status, output)
    }
}
