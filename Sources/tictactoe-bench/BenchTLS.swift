import NIOSSL

/// The bench's side of `--tls`: a client that accepts the server's certificate whatever it is. The
/// bench measures what TLS costs the server, on loopback against a server of the operator's; checking
/// the certificate is the tests' job (Tests/ServerTests/TLS), and a self-signed one must do here.
enum BenchTLS {
    static var clientConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    /// One context for every connection: made once, as a browser's is.
    static func clientContext() throws -> NIOSSLContext {
        try NIOSSLContext(configuration: clientConfiguration)
    }
}
