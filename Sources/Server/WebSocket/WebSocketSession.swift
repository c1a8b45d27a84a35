import GameUnits
import Logging
import MatchStore
import NIOCore
import NIOWebSocket
import WireProtocol

/// One upgraded WebSocket, served by a channel handler on its event loop: no Swift task per connection.
///
/// Inbound: a text frame is checked (UTF-8, rate limit), decoded and handed to the match host's mailbox
/// in arrival order. Outbound: the host pushes onto the connection's bounded queue; the push that finds
/// the writer idle wakes this handler on its event loop, which writes what is queued while the socket
/// takes it and flushes once (one `writev` for a burst). When the socket stops taking (a client that
/// does not read), writing pauses until NIO reports it writable again and the queue fills up: the
/// host's signal for a slow reader. The session only translates; the host decides.
final class WebSocketSession: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    struct Settings: Sendable {
        var messagesPerSecond: Int
        var outboundQueueLimit: Int
        /// How often to ping; nil for never. A ping still unanswered at the next one closes the connection.
        var pingInterval: Duration?
        /// How long to wait for the client's close after ours before dropping the socket.
        var closeTimeout: Duration
    }

    /// Where the session's messages go.
    private enum Attachment {
        /// Waiting for the host: messages are kept in order until it is known.
        case attaching(buffered: [MatchHost.Inbound])
        case attached(MatchHost)
        /// Refused by the host, or the socket closed: nothing more goes anywhere.
        case detached
    }

    private let matchID: MatchID
    private let registry: MatchRegistry
    private let settings: Settings
    private let metrics: ServerMetrics
    private let remoteAddress: String
    private var logger: Logger

    private var context: ChannelHandlerContext?
    private var connection: Connection?
    private var attachment = Attachment.attaching(buffered: [])
    private var limiter: MessageRateLimiter
    /// Our close frame was written: the client's frames are ignored from now on.
    private var closeSent = false
    private var closeDeadline: Scheduled<Void>?
    private var pinger: RepeatedTask?
    private var unansweredPing: UInt64?
    private var pingsSent: UInt64 = 0

    init(matchID: MatchID, remoteAddress: String, registry: MatchRegistry, settings: Settings, metrics: ServerMetrics, logger: Logger) {
        self.matchID = matchID
        self.remoteAddress = remoteAddress
        self.registry = registry
        self.settings = settings
        self.metrics = metrics
        self.logger = logger
        limiter = MessageRateLimiter(limit: settings.messagesPerSecond)
    }

    // MARK: - Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let eventLoop = context.eventLoop
        // Weak: the queue's wake-up outlives the pipeline (the host holds the connection until it hears
        // of the close), and a strong session there would keep session and connection alive in a cycle.
        let session = NIOLoopBound(WeakSession(self), eventLoop: eventLoop)
        let connection = Connection(remoteAddress: remoteAddress, queueLimit: settings.outboundQueueLimit) {
            eventLoop.execute { session.value.session?.writeQueued() }
        }
        self.connection = connection
        // Every line of this session names its match and connection.
        logger[metadataKey: "match"] = .string(matchID.rawValue)
        logger[metadataKey: "connection"] = "\(connection.id)"
        if let interval = settings.pingInterval, interval > .zero {
            pinger = eventLoop.scheduleRepeatedTask(initialDelay: TimeAmount(interval), delay: TimeAmount(interval)) { _ in
                session.value.session?.ping()
            }
        }
        attach(connection, session: NIOLoopBound(self, eventLoop: eventLoop))
    }

    func channelInactive(context: ChannelHandlerContext) {
        pinger?.cancel()
        pinger = nil
        closeDeadline?.cancel()
        closeDeadline = nil
        connection?.queue.finish()
        if case .attached(let host) = attachment, let connection {
            host.deliver(.disconnected, from: connection.id)
            metrics.connectionClosed()
        }
        attachment = .detached
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Finds the match's host and joins it (off the event loop: the registry and the host are actors),
    /// then comes back to the loop to hand over what arrived meanwhile.
    private func attach(_ connection: Connection, session: NIOLoopBound<WebSocketSession>) {
        let registry = registry
        let matchID = matchID
        let logger = logger
        Task {
            let host = await registry.join(connection, to: matchID, logger: logger)
            session.eventLoop.execute { session.value.attached(to: host) }
        }
    }

    private func attached(to host: MatchHost?) {
        guard case .attaching(let buffered) = attachment, let connection else {
            // The socket closed while joining: the host must hear of it too.
            if let host, let connection { host.deliver(.disconnected, from: connection.id) }
            return
        }
        guard let host else {
            attachment = .detached
            close(code: 1013, reason: "This match is full or gone; try again later.")
            return
        }
        attachment = .attached(host)
        metrics.connectionOpened()
        for inbound in buffered { host.deliver(inbound, from: connection.id) }
    }

    // MARK: - Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            guard !closeSent else { return }
            let payload = frame.unmaskedData
            guard let text = String(validating: payload.readableBytesView, as: UTF8.self) else {
                refuse(code: 1007, reason: "Text frames must be UTF-8.", log: "text that is not UTF-8")
                return
            }
            received(text)
        case .binary:
            guard !closeSent else { return }
            refuse(code: 1003, reason: "Binary frames are not accepted; send JSON text.", log: "binary frame")
        case .ping:
            guard !closeSent else { return }
            guard frame.fin else { return refuse(code: 1002, reason: "Fragmented ping.", log: "fragmented ping") }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .pong:
            var payload = frame.unmaskedData
            if let answered = payload.readInteger(as: UInt64.self), answered == unansweredPing { unansweredPing = nil }
        case .connectionClose:
            receivedClose(frame, context: context)
        default:
            refuse(code: 1002, reason: "Unknown frame.", log: "frame with opcode \(frame.opcode)")
        }
    }

    private func received(_ text: String) {
        let inbound: MatchHost.Inbound
        switch limiter.record() {
        case .allowed:
            switch GameCatalog.standard.messageReader.decode(text) {
            case .success(let message): inbound = .message(message)
            case .failure(let error): inbound = .undecodable(error.message)
            }
        case .limited:
            inbound = .rateLimited
        case .exceeded:
            return refuse(code: 1008, reason: "Too many messages.", log: "rate limit exceeded")
        }
        switch attachment {
        case .attaching(var buffered):
            buffered.append(inbound)
            attachment = .attaching(buffered: buffered)
        case .attached(let host):
            if let connection { host.deliver(inbound, from: connection.id) }
        case .detached:
            break
        }
    }

    /// The client closes: answer with its code (RFC 6455 5.5.1) unless we closed first, then drop the socket.
    private func receivedClose(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        guard !closeSent else {
            context.close(promise: nil)
            return
        }
        closeSent = true
        connection?.queue.finish()
        var payload = frame.unmaskedData
        let code = payload.readInteger(as: UInt16.self).flatMap { Self.isEchoable($0) ? $0 : nil } ?? 1000
        var data = context.channel.allocator.buffer(capacity: 2)
        data.writeInteger(code)
        let context = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.value.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
            context.value.close(promise: nil)
        }
    }

    /// Codes a client may send and we may echo (RFC 6455 7.4).
    private static func isEchoable(_ code: UInt16) -> Bool {
        (1000...1003).contains(code) || (1007...1011).contains(code) || (3000...4999).contains(code)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case let error as NIOWebSocketError:
            // The frame decoder's: NIO's protocol error handler already closed with its code.
            let code = error == .invalidFrameLength ? 1009 : 1002
            logger.notice("refused", metadata: ["reason": "frame refused by the WebSocket layer: \(error), closed \(code)"])
            closeSent = true
            metrics.closeSent(UInt16(code))
        case let error as NIOWebSocketFrameAggregator.Error:
            switch error {
            case .accumulatedFrameSizeIsTooLarge, .tooManyFragments:
                refuse(code: 1009, reason: "Message too big.", log: "message over the size limit in fragments")
            default:
                refuse(code: 1002, reason: "Fragments out of order.", log: "fragments out of order: \(error)")
            }
        default:
            // The connection broke; there is nobody to answer.
            logger.info("connection lost", metadata: ["error": "\(error)"])
            context.close(promise: nil)
        }
    }

    // MARK: - Writing

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { writeQueued() }
        context.fireChannelWritabilityChanged()
    }

    /// Writes what is queued while the socket takes it, then flushes once.
    private func writeQueued() {
        guard let context, let connection else { return }
        var wrote = false
        while !closeSent, context.channel.isWritable, let item = connection.queue.take() {
            switch item {
            case .text(let payload):
                // A text frame around the shared payload: nothing is copied per connection.
                context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: payload)), promise: nil)
                wrote = true
            case .close(let code, let reason):
                sendClose(code: code, reason: reason, context: context)
                return
            }
        }
        if wrote { context.flush() }
    }

    /// Closes on the session's own account: what is queued is dropped and the close goes out next.
    private func refuse(code: UInt16, reason: String, log: String) {
        logger.notice("refused", metadata: ["reason": "\(log), closed \(code)"])
        close(code: code, reason: reason)
    }

    private func close(code: UInt16, reason: String) {
        connection?.queue.replaceAll(with: [.close(code: code, reason: reason)])
        writeQueued()
    }

    /// Writes our close frame; the socket closes when the client answers, or after the close timeout.
    private func sendClose(code: UInt16, reason: String, context: ChannelHandlerContext) {
        closeSent = true
        connection?.queue.finish()
        metrics.closeSent(code)
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(code)
        data.writeString(reason)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)), promise: nil)
        let channel = context.channel
        closeDeadline = context.eventLoop.scheduleTask(in: TimeAmount(settings.closeTimeout)) { channel.close(promise: nil) }
    }

    // MARK: - Pings

    /// Pings the client; one that did not answer the previous ping is gone (a half-open connection).
    private func ping() {
        guard let context, !closeSent else { return }
        if unansweredPing != nil {
            refuse(code: 1001, reason: "Ping timeout.", log: "no answer to a ping")
            return
        }
        pingsSent += 1
        unansweredPing = pingsSent
        var data = context.channel.allocator.buffer(capacity: 8)
        data.writeInteger(pingsSent)
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .ping, data: data)), promise: nil)
    }
}

/// A session the event loop may have let go of.
private final class WeakSession {
    weak var session: WebSocketSession?

    init(_ session: WebSocketSession) {
        self.session = session
    }
}
