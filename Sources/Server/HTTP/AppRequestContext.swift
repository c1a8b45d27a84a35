import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// The request context of every route: Hummingbird's core storage, the WebSocket upgrade hand-off,
/// and the client's address (for logs and per-address limits).
struct AppRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    private let webSocketSlot = WebSocketHandlerSlot()
    let remoteAddress: SocketAddress?
    /// The connection's channel: a refused WebSocket upgrade is recorded against it. Weak, because
    /// HummingbirdWebSocket keeps every upgraded request's context for good (its handler box holds the
    /// context, which holds the box): a strong reference kept every closed connection's channel,
    /// pipeline and buffers alive, some 6 KB each (docs/PERFORMANCE.md, "Optimisations", item 3).
    weak let channel: (any Channel)?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// The client's IP address as text, or "unknown".
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }

    /// The WebSocket upgrade hand-off. HummingbirdWebSocket stores the upgrade's handler together with
    /// a copy of this context in it, so the reference and the context hold each other: kept directly,
    /// every upgraded connection's context (and what it refers to) would never be freed.
    var webSocket: WebSocketHandlerReference<Self> { webSocketSlot.reference }

    /// Drops the upgrade hand-off once the WebSocket session runs, which breaks that cycle.
    func releaseWebSocketHandler() { webSocketSlot.release() }
}

/// Holds a context's `WebSocketHandlerReference` until the session no longer needs it.
private final class WebSocketHandlerSlot: Sendable {
    private let held = Mutex<WebSocketHandlerReference<AppRequestContext>?>(WebSocketHandlerReference())

    /// The held reference; after `release()`, an empty one (nothing reads it then).
    var reference: WebSocketHandlerReference<AppRequestContext> { held.withLock { $0 } ?? WebSocketHandlerReference() }

    func release() { held.withLock { $0 = nil } }
}
