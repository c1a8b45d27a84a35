import Foundation
import NIOSSL

/// The PEM certificate (its chain may follow it) and private key that `--tls-cert` and `--tls-key`
/// name, read and checked into the context that new TLS handshakes use: TLS 1.2 and 1.3 only.
///
/// Every way the files can be wrong is a `TLSSetupError` naming the option, so that the operator reads
/// which file to fix, at start (the server exits 1) and at SIGHUP (the old pair keeps serving).
struct CertificatePair {
    let certificatePath: String
    let keyPath: String

    /// Reads both files and makes the context.
    /// - Throws: `TLSSetupError` for a file that is missing, a directory, unreadable or not PEM, and for
    ///   a key that is not the certificate's.
    func makeContext() throws(TLSSetupError) -> NIOSSLContext {
        let chain = try certificates()
        let key = try privateKey()
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.maximumTLSVersion = .tlsv13
        // HTTP/1.1 only: the WebSocket upgrade is an HTTP/1.1 request.
        configuration.applicationProtocols = ["http/1.1"]
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            // BoringSSL checks that the key belongs to the leaf certificate when both are set.
            throw TLSSetupError(
                option: "tlsKey", path: keyPath, problem: "is not the private key of the certificate in \(certificatePath) (\(error))")
        }
    }

    private func certificates() throws(TLSSetupError) -> [NIOSSLCertificate] {
        let bytes = try Self.read(certificatePath, option: "tlsCert")
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(bytes)
        } catch {
            throw TLSSetupError(option: "tlsCert", path: certificatePath, problem: "is not a PEM certificate (\(error))")
        }
        guard !chain.isEmpty else {
            throw TLSSetupError(option: "tlsCert", path: certificatePath, problem: "holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return chain
    }

    private func privateKey() throws(TLSSetupError) -> NIOSSLPrivateKey {
        let bytes = try Self.read(keyPath, option: "tlsKey")
        do {
            return try NIOSSLPrivateKey(bytes: bytes, format: .pem)
        } catch {
            throw TLSSetupError(
                option: "tlsKey", path: keyPath, problem: "is not an unencrypted PEM private key (\(error))")
        }
    }

    /// The file's bytes, or the reason it cannot be had in words (missing, a directory, unreadable).
    private static func read(_ path: String, option: String) throws(TLSSetupError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TLSSetupError(option: option, path: path, problem: "does not exist")
        }
        guard !isDirectory.boolValue else {
            throw TLSSetupError(option: option, path: path, problem: "is a directory, not a PEM file")
        }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? error.localizedDescription
            throw TLSSetupError(option: option, path: path, problem: "cannot be read (\(reason))")
        }
    }
}

/// A certificate or key that cannot serve, in a sentence naming its option and file.
public struct TLSSetupError: Error, CustomStringConvertible {
    /// The option's key as `ServerConfiguration(reading:)` names it (`tlsCert`, `tlsKey`).
    public let option: String
    /// The sentence, starting with the option's names.
    public let description: String

    init(option: String, path: String, problem: String) {
        self.init(option: option, problem: "\(path) \(problem)")
    }

    init(option: String, problem: String) {
        self.option = option
        description = ConfigurationError(option: option, problem: problem).description
    }
}
