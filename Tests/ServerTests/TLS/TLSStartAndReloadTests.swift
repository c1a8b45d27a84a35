import Foundation
import GridGames
import MatchWords
import NIOSSL
import Testing
import WireProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// The real executable with `--tls-cert` and `--tls-key`: every certificate or key it cannot serve
/// stops the start with exit 1 and a sentence naming the option; SIGHUP rotates the pair under a game
/// that goes on.
@Suite("TLS at start and at SIGHUP (the executable)")
struct TLSStartAndReloadTests {
    /// Starts the binary on `:memory:` with `arguments` and expects it to stop at start.
    private func expectRefusedStart(
        _ arguments: [String], environment: [String: String] = [:], naming option: String, saying words: String
    ) async throws {
        let run = try await BinaryRun.run(["--host", "127.0.0.1", "--port", "0", "--db", ":memory:"] + arguments, environment: environment)
        #expect(run.status == 1, "\(arguments): \(run.output)")
        #expect(run.output.contains(option), "\(arguments) should name \(option): \(run.output)")
        #expect(run.output.contains(words), "\(arguments) should say \"\(words)\": \(run.output)")
        #expect(!run.output.contains("listening on"))
    }

    @Test func test_everyBadCertificateOrKey_stopsTheStart_namingTheOption() async throws {
        try await TestCertificates.with { c in
            try await expectRefusedStart(
                ["--tls-cert", c.path("missing.pem"), "--tls-key", c.key], naming: "--tls-cert", saying: "does not exist")
            try await expectRefusedStart(
                ["--tls-cert", c.certificate, "--tls-key", c.path("missing.key")], naming: "--tls-key", saying: "does not exist")
            try await expectRefusedStart(["--tls-cert", c.folder.path, "--tls-key", c.key], naming: "--tls-cert", saying: "is a directory")
            try await expectRefusedStart(["--tls-cert", c.notPEM, "--tls-key", c.key], naming: "--tls-cert", saying: "PEM")
            try await expectRefusedStart(["--tls-cert", c.certificate, "--tls-key", c.notPEM], naming: "--tls-key", saying: "PEM")
            try await expectRefusedStart(
                ["--tls-cert", c.certificate, "--tls-key", c.otherKey], naming: "--tls-key", saying: "is not the private key")
            try await expectRefusedStart(["--tls-cert", c.certificate], naming: "--tls-key", saying: "is missing")
            try await expectRefusedStart(["--tls-key", c.key], naming: "--tls-cert", saying: "is missing")
            // A socket cannot be read as a file, even by root (for whom permissions do not count).
            let socketPath = try Self.unixSocket(at: c.path("socket.pem"))
            try await expectRefusedStart(["--tls-cert", socketPath, "--tls-key", c.key], naming: "--tls-cert", saying: "cannot be read")
        }
    }

    @Test func test_theEnvironmentVariables_nameTheFilesToo() async throws {
        try await TestCertificates.with { c in
            try await expectRefusedStart(
                [], environment: ["TICTACTOE_TLS_CERT": c.path("missing.pem"), "TICTACTOE_TLS_KEY": c.key], naming: "TICTACTOE_TLS_CERT",
                saying: "does not exist")
        }
    }

    @Test func test_theRedirectPort_withoutTLS_isRefused() async throws {
        let run = try await BinaryRun.run(["--port", "0", "--db", ":memory:", "--redirect-http-port", "8081"])
        #expect(run.status != 0)
        #expect(run.output.contains("--redirect-http-port"), "\(run.output)")
    }

    @Test func test_SIGHUP_rotatesThePair_underAGameThatGoesOn_andABadPairKeepsTheOld() async throws {
        try await TestCertificates.with { c in
            // The server reads copies, which the test replaces as a renewal would.
            let certificate = c.path("live.pem")
            let key = c.path("live.key")
            try FileManager.default.copyItem(atPath: c.certificate, toPath: certificate)
            try FileManager.default.copyItem(atPath: c.key, toPath: key)
            try await ServerLaunches.withDatabase { launches in
                let server = try await launches.start(arguments: ["--tls-cert", certificate, "--tls-key", key])
                #expect(server.log.contains("listening on https://127.0.0.1:\(server.port)"))
                let first = try NIOSSLCertificate.fromPEMFile(c.certificate)
                let second = try NIOSSLCertificate.fromPEMFile(c.otherCertificate)
                #expect(try await PresentedCertificate.fetch(port: server.port) == first[0])

                let tls = try c.clientConfiguration()
                let created = try await HTTP.request(
                    port: server.port, "/api/matches", method: .POST, client: HTTP.unverifiedTLSClient, https: true)
                let matchID = try CreatedMatch.decode(created.body).get().matchId
                let pair = try await server.seatedPair(matchID: matchID, tls: tls)
                pair.alice.send(.startGame(gameId: "ticTacToe"))
                pair.alice.send(.move(row: 0, col: 0))
                _ = try await pair.bob.nextBoard(last: WireMove(row: 0, col: 0, seat: .player1))

                // The renewal: new files, then SIGHUP.
                try Self.replace(certificate, with: c.otherCertificate)
                try Self.replace(key, with: c.otherKey)
                kill(server.pid, SIGHUP)
                try await server.waitForLog("TLS certificate reloaded")
                #expect(try await PresentedCertificate.fetch(port: server.port) == second[0])
                // The game's connections were opened before it and go on.
                pair.bob.send(.move(row: 1, col: 1))
                _ = try await pair.alice.nextBoard(last: WireMove(row: 1, col: 1, seat: .player2))

                // A bad pair: the second one keeps serving, and the log says why.
                try Self.replace(certificate, with: c.certificate)  // does not match the key now in place
                kill(server.pid, SIGHUP)
                try await server.waitForLog("not reloaded")
                #expect(server.log.contains("is not the private key"), "\(server.log)")
                #expect(try await PresentedCertificate.fetch(port: server.port) == second[0])
                pair.alice.send(.move(row: 0, col: 1))
                _ = try await pair.bob.nextBoard(last: WireMove(row: 0, col: 1, seat: .player1))
                #expect(server.isRunning)
            }
        }
    }

    /// Replaces `path` with a copy of `source` through a rename, as certbot swaps its symlinks.
    private static func replace(_ path: String, with source: String) throws {
        let staged = path + ".new"
        try? FileManager.default.removeItem(atPath: staged)
        try FileManager.default.copyItem(atPath: source, toPath: staged)
        guard rename(staged, path) == 0 else { throw HTTP.Failure(description: "rename \(staged)") }
    }

    /// Binds a Unix socket at `path` (left there; the folder is removed after the test).
    private static func unixSocket(at path: String) throws -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw HTTP.Failure(description: "bind \(path): \(errno)") }
        return path
    }
}
