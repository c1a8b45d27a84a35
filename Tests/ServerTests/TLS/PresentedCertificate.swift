import NIOCore
import NIOPosix
import NIOSSL

/// The certificate a server presents in a new TLS handshake on `127.0.0.1:port`: what a browser that
/// connects now is given.
enum PresentedCertificate {
    static func fetch(port: Int) async throws -> NIOSSLCertificate {
        var configuration = TLSConfiguration.makeClientConfiguration()
        // The callback below replaces the verification (it is not called with `.none`): it keeps the
        // certificate and accepts it, whatever it is, since the test compares it with the files it expects.
        configuration.certificateVerification = .noHostnameVerification
        let context = try NIOSSLContext(configuration: configuration)
        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: NIOSSLCertificate.self)
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: nil,
                        customVerificationCallback: { chain, verification in
                            if let leaf = chain.first { promise.succeed(leaf) }
                            verification.succeed(.certificateVerified)
                        })
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        defer { channel.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in promise.fail(ChannelError.ioOnClosedChannel) }
        return try await promise.futureResult.get()
    }
}
