import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's core storage and the client's address (for logs
/// and per-address limits).
struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text, or "unknown".
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
