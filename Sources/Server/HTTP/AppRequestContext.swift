import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of every route: Hummingbird's core storage, the WebSocket upgrade hand-off,
/// and the client's address (for logs and per-address limits).
struct AppRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let remoteAddress: SocketAddress?
    /// The connection's channel: a refused WebSocket upgrade is recorded against it.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// The client's IP address as text, or "unknown".
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}
