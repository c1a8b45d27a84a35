import NIOCore
import NIOWebSocket

/// The client side of the WebSocket opening handshake (RFC 6455 section 4.1), kept minimal: writes
/// the upgrade request when the channel becomes active, reads the response head, and on `101` puts
/// the frame codec and the session in its place. Any other status fails `upgraded` with that status.
/// With `cookie` (a signed-in player's session, `--sessions`) the request carries it, as a browser
/// signed in on the server's page does; no `Origin` is sent, as by any client that is not a page.
final class WebSocketHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    enum Failure: Error, CustomStringConvertible {
        case status(Int)
        case closedDuringHandshake
        case malformedResponse

        var description: String {
            switch self {
            case .status(let code): "upgrade:\(code)"
            case .closedDuringHandshake: "upgrade:closed"
            case .malformedResponse: "upgrade:malformed"
            }
        }
    }

    private let path: String
    private let hostHeader: String
    private let cookie: String?
    private let session: BenchSession
    private let loop: LoopContext
    private let upgraded: EventLoopPromise<Void>
    private var received: ByteBuffer?
    private var isDone = false
    private static let headerEnd = Array("\r\n\r\n".utf8)

    init(
        path: String, hostHeader: String, cookie: String? = nil, session: BenchSession, loop: LoopContext, upgraded: EventLoopPromise<Void>
    ) {
        self.path = path
        self.hostHeader = hostHeader
        self.cookie = cookie
        self.session = session
        self.loop = loop
        self.upgraded = upgraded
    }

    func channelActive(context: ChannelHandlerContext) {
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(NIOWebSocketClientUpgrader.randomRequestKey())\r\nSec-WebSocket-Version: 13\r\n"
            + (cookie.map { "Cookie: session=\($0)\r\n" } ?? "") + "\r\n"
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        guard !isDone else { return context.fireChannelRead(data) }
        if received == nil {
            received = buffer
        } else {
            received!.writeBuffer(&buffer)
        }
        guard let all = received, let end = all.readableBytesView.firstRange(of: Self.headerEnd) else {
            if (received?.readableBytes ?? 0) > 16_384 { fail(context, .malformedResponse) }
            return
        }
        let headLength = end.upperBound - all.readableBytesView.startIndex
        var rest = all
        guard let head = rest.readString(length: headLength) else { return fail(context, .malformedResponse) }
        received = nil
        // "HTTP/1.1 101 Switching Protocols"
        let statusLine = head.prefix { $0 != "\r" }.split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return fail(context, .malformedResponse) }
        guard status == 101 else { return fail(context, .status(status)) }
        isDone = true
        do {
            try context.pipeline.syncOperations.addHandlers(
                [ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)), WebSocketFrameEncoder(), session],
                position: .after(self)
            )
        } catch {
            return fail(context, .malformedResponse)
        }
        loop.stats.upgraded += 1
        upgraded.succeed()
        if rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !isDone {
            isDone = true
            upgraded.fail(Failure.closedDuringHandshake)
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !isDone {
            isDone = true
            upgraded.fail(error)
            context.close(promise: nil)
        } else {
            context.fireErrorCaught(error)
        }
    }

    private func fail(_ context: ChannelHandlerContext, _ failure: Failure) {
        isDone = true
        upgraded.fail(failure)
        context.close(promise: nil)
    }
}

/// First in every bench channel: counts the channel open and closed in its loop's statistics.
final class ChannelCountingHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private let loop: LoopContext

    init(loop: LoopContext) {
        self.loop = loop
    }

    func channelActive(context: ChannelHandlerContext) {
        loop.stats.connected += 1
        loop.channelOpened()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        loop.stats.closed += 1
        loop.channelClosed()
        context.fireChannelInactive()
    }
}
