import MatchHosting
import NIOCore
import NIOHTTP1

/// Takes a WebSocket upgrade asked for in any later request of a keep-alive HTTP/1.1 connection.
///
/// NIO's upgrade handler looks at a connection's first request only; clients that pool connections
/// (Node's `fetch` and `WebSocket`, aiohttp sessions, OkHttp) send the upgrade on a connection that has
/// served other requests, and HTTP/1.1 allows that. This handler sits between NIO's HTTP/1 codec and
/// Hummingbird's handlers and lets every request through except an upgrade to WebSocket: that one it
/// holds until the responses to earlier requests are written, then asks `answer`, and either
/// - switches protocols: writes the `101`, puts the WebSocket handlers in the HTTP codec's place (the
///   bytes the HTTP decoder has not parsed go to the frame decoder) and cuts Hummingbird's side off:
///   nothing reaches it any more but the channel's end, and what it writes or closes is dropped, since
///   the socket belongs to the WebSocket handlers (Hummingbird's task for the connection ends with it);
/// - refuses: writes the refusal and closes (the HTTP decoder parses nothing after an upgrade request);
/// - or lets the request through to the routes, as NIO does with a handshake it cannot use.
final class KeepAliveUpgradeHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What to do with an upgrade request.
    enum Answer: Sendable {
        /// Switch protocols with these response headers; the handlers `makeHandlers` makes (on the
        /// channel's event loop) serve the WebSocket.
        case upgrade(headers: HTTPHeaders, makeHandlers: @Sendable () -> [any ChannelHandler])
        /// Answer with this response and close.
        case refuse(HTTPResponseHead, body: ByteBuffer)
        /// Hand the request to the routes.
        case passThrough
    }

    typealias Answerer = @Sendable (_ channel: any Channel, _ request: HTTPRequestHead) -> EventLoopFuture<Answer>

    /// Told to the handlers behind this one when an upgrade request is held: the connection is not an
    /// idle keep-alive while the upgrade is answered (`HTTPConnectionGuard`).
    struct UpgradeRequested: Sendable {}

    private enum State {
        /// Requests and responses pass through.
        case http
        /// An upgrade request's head was held back; its end has not come yet.
        case holding(HTTPRequestHead)
        /// The upgrade request is complete; it is answered once earlier responses are written.
        case waiting(HTTPRequestHead)
        case answering
        /// The WebSocket handlers serve the socket; Hummingbird's side is cut off.
        case upgraded
    }

    private let answer: Answerer
    private var state = State.http
    /// Requests handed to the routes whose response has not been written to its end.
    private var responsesPending = 0

    init(answer: @escaping Answerer) {
        self.answer = answer
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch (state, part) {
        case (.http, .head(let head)) where Self.asksForWebSocket(head):
            state = .holding(head)
            context.fireUserInboundEventTriggered(UpgradeRequested())
        case (.http, .head):
            responsesPending += 1
            context.fireChannelRead(data)
        case (.http, _):
            context.fireChannelRead(data)
        case (.holding(let head), .end):
            state = .waiting(head)
            answerIfReady(context: context)
        case (.holding, _), (.waiting, _), (.answering, _), (.upgraded, _):
            // A body of the upgrade request, or nothing: the HTTP decoder stops parsing at an upgrade.
            break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard case .upgraded = state else { return context.fireChannelReadComplete() }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard case .upgraded = state else { return context.fireUserInboundEventTriggered(event) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard case .upgraded = state else { return context.fireErrorCaught(error) }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        guard case .upgraded = state else { return context.fireChannelWritabilityChanged() }
    }

    // MARK: - Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .upgraded = state {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.write(data, promise: promise)
        if case .end = unwrapOutboundIn(data) {
            responsesPending -= 1
            answerIfReady(context: context)
        }
    }

    func flush(context: ChannelHandlerContext) {
        guard case .upgraded = state else { return context.flush() }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard case .upgraded = state else { return context.close(mode: mode, promise: promise) }
        // Hummingbird closes a connection whose requests are over; this one is a WebSocket's now.
        promise?.succeed()
    }

    // MARK: - Upgrading

    /// An upgrade to WebSocket asked for as RFC 6455 4.1 says: `Upgrade: websocket` and `Connection: upgrade`.
    private static func asksForWebSocket(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "upgrade"].contains { $0.lowercased() == "websocket" }
            && head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }

    private func answerIfReady(context: ChannelHandlerContext) {
        guard case .waiting(let head) = state, responsesPending == 0 else { return }
        state = .answering
        answer(context.channel, head).hop(to: context.eventLoop).assumeIsolated().whenComplete { result in
            // The connection may have ended while the answer was being decided.
            guard context.channel.isActive else { return }
            switch result {
            case .success(.upgrade(let headers, let makeHandlers)):
                self.upgrade(context: context, headers: headers, handlers: makeHandlers())
            case .success(.refuse(let response, let body)): self.refuse(context: context, response: response, body: body)
            case .success(.passThrough): self.passThrough(context: context, head: head)
            case .failure: context.close(promise: nil)
            }
        }
    }

    private func upgrade(context: ChannelHandlerContext, headers: HTTPHeaders, handlers: [any ChannelHandler]) {
        let pipeline = context.pipeline.syncOperations
        do {
            context.writeAndFlush(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .switchingProtocols, headers: headers)))
            )
            .assumeIsolated().whenFailure { _ in context.close(promise: nil) }
            state = .upgraded
            try pipeline.addHandlers(handlers, position: .before(self))
            // The encoder has written the 101; the decoder hands on what it has not parsed, the
            // client's first frames, to the frame decoder now in front of this handler.
            pipeline.removeHandler(context: try pipeline.context(handlerType: HTTPResponseEncoder.self), promise: nil)
            pipeline.removeHandler(context: try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self), promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }

    private func refuse(context: ChannelHandlerContext, response: HTTPResponseHead, body: ByteBuffer) {
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private func passThrough(context: ChannelHandlerContext, head: HTTPRequestHead) {
        state = .http
        responsesPending += 1
        context.fireChannelRead(wrapInboundOut(.head(head)))
        context.fireChannelRead(wrapInboundOut(.end(nil)))
        context.fireChannelReadComplete()
    }
}
