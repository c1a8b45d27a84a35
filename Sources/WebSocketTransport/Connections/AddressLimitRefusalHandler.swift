import NIOCore
import NIOHTTP1

/// Serves a connection accepted over `--max-connections-per-address`: its first request (a WebSocket
/// upgrade or any other) is read to its end and answered `429` with the error body, then the
/// connection is closed. The connection is counted among its address's refusals in flight until it
/// closes (`AddressConnectionLimits.Accepted.refused`), and `--handshake-timeout` bounds how long it
/// may take to send that request.
final class AddressLimitRefusalHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data), !answered else { return }
        answered = true
        let (head, body) = APIError.tooManyConnections.refusalResponseHead()
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request that cannot be parsed gets no answer: the connection was refused anyway.
        context.close(promise: nil)
    }
}
