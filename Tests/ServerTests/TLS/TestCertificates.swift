import Foundation
import NIOSSL

/// Certificates made for one test by the openssl CLI in a temporary folder: a CA of its own, two
/// server certificates it signed for `localhost` and `127.0.0.1` (the second one for rotations), and
/// files that are wrong in each of the ways `--tls-cert` and `--tls-key` must refuse.
struct TestCertificates {
    let folder: URL
    var ca: String { path("ca.pem") }
    var certificate: String { path("server.pem") }
    var key: String { path("server.key") }
    /// A second certificate and key of the same CA, with another serial number.
    var otherCertificate: String { path("other.pem") }
    var otherKey: String { path("other.key") }
    /// A text file that is not PEM.
    var notPEM: String { path("notes.txt") }

    /// Makes them all; `body` gets the folder, which is removed afterwards.
    static func with<Value>(_ body: (TestCertificates) async throws -> Value) async throws -> Value {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TLSTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificates = TestCertificates(folder: folder)
        try await certificates.make()
        return try await body(certificates)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func make() async throws {
        try await openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
            "-subj", "/CN=tictactoe test CA", "-keyout", path("ca.key"), "-out", ca)
        for name in ["server", "other"] {
            try await openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=\(name)",
                "-keyout", path("\(name).key"), "-out", path("\(name).csr"))
            try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: path("\(name).ext"), atomically: true, encoding: .utf8)
            try await openssl("x509", "-req", "-in", path("\(name).csr"), "-CA", ca, "-CAkey", path("ca.key"), "-CAcreateserial",
                "-days", "2", "-extfile", path("\(name).ext"), "-out", path("\(name).pem"))
        }
        try "not a certificate\n".write(toFile: notPEM, atomically: true, encoding: .utf8)
    }

    /// Runs openssl and waits for it by polling: `waitUntilExit` would block a thread of Swift's
    /// cooperative pool, which every other test of the process needs.
    private func openssl(_ arguments: String...) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        guard process.terminationStatus == 0 else {
            throw HTTP.Failure(description: "openssl \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }

    /// A client configuration that trusts only this CA.
    func clientConfiguration(maximumVersion: TLSVersion = .tlsv13) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(ca))
        configuration.maximumTLSVersion = maximumVersion
        if maximumVersion == .tlsv1 || maximumVersion == .tlsv11 { configuration.minimumTLSVersion = .tlsv1 }
        return configuration
    }
}
