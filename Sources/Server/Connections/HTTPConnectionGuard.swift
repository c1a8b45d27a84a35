import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Watches a keep-alive HTTP connection between Hummingbird's handlers and the HTTP codec, for two
/// things Hummingbird's own idle timeout cannot do:
/// - a request body must arrive within `--body-timeout`, counted from the request's head: a client that
///   sends its body slowly (or never) is answered `408` and closed, instead of holding the connection
///   for `--http-idle-timeout`, which restarts with every byte;
/// - a connection that has answered every request it read is an idle keep-alive, which
///   `OpenConnections` may close, oldest first, when the server runs short of connections.
///
/// An upgrade to WebSocket in a later request (`KeepAliveUpgradeHandler.UpgradeRequested`) is neither:
/// the connection is no longer idle, and the WebSocket's own limits take over if it is upgraded.
final class HTTPConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connections: OpenConnections
    private let bodyTimeout: TimeAmount
    private let metrics: ServerMetrics
    private let logger: Logger

    /// Requests read (their heads) whose response has not been written to its end.
    private var requestsInProgress = 0
    /// A request's head was read and its end not yet.
    private var readingRequest = false
    /// The request being read is the only one in progress and its response has begun: a `408` can no
    /// longer be written in front of it.
    private var answeringRequestBeingRead = false
    private var bodyDeadline: Scheduled<Void>?
    /// The connection's place among the idle keep-alives, while it is one.
    private var idleTicket: IdleKeepAlives<OpenConnections.Reclaim>.Ticket?
    /// The body timed out: the `408` (or the close) is the connection's last word.
    private var timedOut = false

    init(connections: OpenConnections, bodyTimeout: Duration, metrics: ServerMetrics, logger: Logger) {
        self.connections = connections
        self.bodyTimeout = TimeAmount(bodyTimeout)
        self.metrics = metrics
        self.logger = logger
    }

    // MARK: - Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !timedOut else { return }
        switch unwrapInboundIn(data) {
        case .head:
            leaveIdle()
            requestsInProgress += 1
            readingRequest = true
            answeringRequestBeingRead = false
        case .body:
            break
        case .end:
            readingRequest = false
            bodyDeadline?.cancel()
            bodyDeadline = nil
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Only a request whose end did not come with its head waits for a body: a GET costs no timer.
        if readingRequest, bodyDeadline == nil, !timedOut {
            let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
            bodyDeadline = context.eventLoop.scheduleTask(in: bodyTimeout) {
                loopBound.value.handler.bodyTimedOut(context: loopBound.value.context)
            }
        }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is KeepAliveUpgradeHandler.UpgradeRequested {
            // The upgrade request is held below; if it is handed on to the routes after all, its head
            // comes through `channelRead` as any request's.
            leaveIdle()
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        leaveIdle()
        bodyDeadline?.cancel()
        bodyDeadline = nil
        context.fireChannelInactive()
    }

    // MARK: - Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !timedOut else {
            // Hummingbird answering the request that timed out: the connection has had its answer.
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head:
            if readingRequest, requestsInProgress == 1 { answeringRequestBeingRead = true }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            requestsInProgress -= 1
            if requestsInProgress == 0, !readingRequest { becomeIdle(context: context) }
        }
    }

    // MARK: - Body timeout

    private func bodyTimedOut(context: ChannelHandlerContext) {
        bodyDeadline = nil
        guard readingRequest, !timedOut, context.channel.isActive else { return }
        timedOut = true
        metrics.connectionRefused(slowBody: true)
        logger.notice(
            "refused",
            metadata: [
                "address": "\(context.channel.remoteAddress?.ipAddress ?? "unknown")",
                "reason": "request body not received within the body timeout, answered 408",
            ])
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        guard !answeringRequestBeingRead else {
            // A response has begun already; a 408 cannot be put in front of it.
            return context.close(promise: nil)
        }
        let (response, body) = APIError.bodyTimeout.refusalResponse()
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in loopBound.value.close(promise: nil) }
    }

    // MARK: - Idle keep-alive

    private func becomeIdle(context: ChannelHandlerContext) {
        guard idleTicket == nil, context.channel.isActive else { return }
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        idleTicket = connections.becameIdle {
            eventLoop.execute { loopBound.value.handler.reclaim(context: loopBound.value.context) }
        }
    }

    private func leaveIdle() {
        guard let ticket = idleTicket else { return }
        idleTicket = nil
        connections.noLongerIdle(ticket)
    }

    /// Closes the connection to make room, unless a request started since it was chosen.
    private func reclaim(context: ChannelHandlerContext) {
        let connections = connections
        guard idleTicket != nil, context.channel.isActive else { return connections.reclaimEnded() }
        idleTicket = nil
        context.channel.closeFuture.whenComplete { _ in connections.reclaimEnded() }
        context.close(promise: nil)
    }
}
