import NIOCore
import NIOWebSocket
import Synchronization

/// Sees the frame decoder's refusals, which never reach the session: a frame over the size limit is
/// answered by NIO's protocol error handler (close 1009) and the session only sees its stream end. This
/// handler sits right after the decoder, notes the error and passes it on, so that the session can log
/// the refusal with its match and connection.
final class FrameErrorObserver: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = WebSocketFrame

    private let refusal = Mutex<NIOWebSocketError?>(nil)

    /// The decoder's error, once there was one.
    var error: NIOWebSocketError? { refusal.withLock { $0 } }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? NIOWebSocketError { refusal.withLock { $0 = $0 ?? error } }
        context.fireErrorCaught(error)
    }

    /// Puts an observer right after the WebSocket frame decoder of `channel`.
    static func install(on channel: any Channel) async throws -> FrameErrorObserver {
        let observer = FrameErrorObserver()
        try await channel.eventLoop.submit {
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.context(handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try operations.addHandler(observer, position: .after(decoder.handler))
        }.get()
        return observer
    }
}
