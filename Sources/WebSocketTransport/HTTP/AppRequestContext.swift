import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core storage and the request's client (for logs,
/// per-address limits and the Host and Origin checks).
package struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    /// Who sent the request, behind trusted proxies too: set by `ForwardedClientMiddleware` before any
    /// other middleware or route reads it (until then the peer, with no host).
    package var client: ResolvedClient

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        client = ResolvedClient(clientAddress: remoteAddress?.ipAddress ?? "unknown", authority: nil)
    }

    /// The client's IP address as text, or "unknown".
    package var clientAddress: String { client.clientAddress }
}
