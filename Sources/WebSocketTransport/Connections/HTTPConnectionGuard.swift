import HTTPTypes
import Logging
import MatchHosting
import NIOCore
import NIOHTTPTypes

/// Watches a keep-alive HTTP connection between Hummingbird's handlers and the HTTP codec, for two
/// things Hummingbird's own idle timeout cannot do:
/// - a request body must arrive within `--body-timeout`, counted from the request's head: a client that
///   sends its body slowly (or never) is answered `408` and closed, instead of holding the connection
///   for `--http-idle-timeout`, which restarts with every byte. The request is not carried out: its
///   body ends in an error for the route, not in a short body;
/// - a connection that has answered every request it read is an idle keep-alive, which
///   `OpenConnections` may close, oldest first, when the server runs short of connections.
///
/// A connection with an upgrade to WebSocket held below (`KeepAliveUpgradeHandler.UpgradeRequested`)
/// is not idle: the upgrade is being answered, and a WebSocket's own limits take over once it is made.
final class HTTPConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What the route reading a timed-out body gets instead of its end.
    struct BodyTimedOut: Error {}

    /// After a `408`, how long the client's remaining bytes are read (and dropped) with our side shut,
    /// so that closing with unread bytes does not reset the connection before the client read the
    /// answer (RFC 9112 9.6).
    static let lingerAfterRefusal = TimeAmount.seconds(2)

    private let connections: OpenConnections
    private let bodyTimeout: TimeAmount
    private let metrics: ServerMetrics
    private let logger: Logger

    /// Requests read (their heads) whose response has not been written to its end.
    private var requestsInProgress = 0
    /// A request's head was read and its end not yet.
    private var readingRequest = false
    /// A response's head was written and its end not yet: nothing may be put in front of its rest.
    private var responseInFlight = false
    /// An upgrade request is held below and has not been handed on as a request.
    private var upgradeHeld = false
    private var bodyDeadline: Scheduled<Void>?
    /// The connection's place among the idle keep-alives, while it is one.
    private var idleTicket: IdleKeepAliveTicket?
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
        // After a 408 the client's remaining bytes are read and dropped until the connection closes.
        guard !timedOut else { return }
        switch unwrapInboundIn(data) {
        case .head:
            leaveIdle()
            upgradeHeld = false
            requestsInProgress += 1
            readingRequest = true
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
            upgradeHeld = true
            leaveIdle()
            return
        }
        if timedOut, let event = event as? ChannelEvent, event == .inputClosed {
            // The client read the 408 and shut its side: nothing is left to drain. Not handed on, since
            // the end of the input would end the timed-out body for the route as if it were complete.
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        leaveIdle()
        bodyDeadline?.cancel()
        bodyDeadline = nil
        // The route reading the timed-out body must not take the end of the connection for the end of
        // the body and carry out the request on part of it.
        if timedOut { context.fireErrorCaught(BodyTimedOut()) }
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
            responseInFlight = true
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            responseInFlight = false
            requestsInProgress -= 1
            if requestsInProgress == 0, !readingRequest, !upgradeHeld { becomeIdle(context: context) }
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
        // The 408 can answer the request being read only when it is the one request in progress and no
        // response is being written: with requests pipelined before it, it would pass for their answer.
        guard requestsInProgress == 1, !responseInFlight else { return context.close(promise: nil) }
        let (response, body) = APIError.bodyTimeout.refusalResponse()
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            let context = loopBound.value
            context.close(mode: .output, promise: nil)
            context.eventLoop.scheduleTask(in: Self.lingerAfterRefusal) { loopBound.value.close(promise: nil) }
        }
    }

    // MARK: - Idle keep-alive

    private func becomeIdle(context: ChannelHandlerContext) {
        guard idleTicket == nil, context.channel.isActive else { return }
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        idleTicket = connections.becameIdle { ticket in
            eventLoop.execute { loopBound.value.handler.reclaim(ticket, context: loopBound.value.context) }
        }
    }

    private func leaveIdle() {
        guard let ticket = idleTicket else { return }
        idleTicket = nil
        connections.noLongerIdle(ticket)
    }

    /// Closes the connection to make room, unless a request started since it was chosen (then it may
    /// hold no ticket, or a newer one that keeps its place in the queue).
    private func reclaim(_ ticket: IdleKeepAliveTicket, context: ChannelHandlerContext) {
        let connections = connections
        guard idleTicket == ticket, context.channel.isActive else { return connections.reclaimEnded() }
        idleTicket = nil
        context.channel.closeFuture.whenComplete { _ in connections.reclaimEnded() }
        context.close(promise: nil)
    }
}
