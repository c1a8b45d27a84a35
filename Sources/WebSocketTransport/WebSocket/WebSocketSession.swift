import GameUnits
import Logging
import MatchHosting
import MatchStore
import MatchWords
import NIOCore
import NIOWebSocket
import WireProtocol

/// One upgraded WebSocket, served by a channel handler on its event loop: no Swift task per connection.
///
/// Inbound: every frame is checked against RFC 6455 (`InboundFrames`: masking, reserved bits and
/// opcodes, fragments, UTF-8, close payloads); a text message, a ping or a pong is then counted against
/// the rate limit; a text message is decoded and handed to the match host's mailbox in arrival order. A frame that breaks a rule closes the
/// connection with the RFC's code, and the close frame is flushed before the socket is dropped.
///
/// Outbound: the host pushes onto the connection's bounded queue; the push that finds the writer idle
/// wakes this handler through its event loop's `LoopWriters` (players before spectators, spectators in
/// chunks), and it writes what is queued while the socket takes it and flushes once (one `writev` for a
/// burst). When the socket stops taking (a client that does not read), writing pauses until NIO reports
/// it writable again and the queue fills up: the host's signal for a slow reader. A pong waits for the
/// socket like any message; only the latest ping is answered (RFC 6455 5.5.3), so pings cannot queue
/// pongs. Every close gets its deadline when it is decided, here or by the host, not when its frame is
/// written: a client that does not read cannot hold the connection. The session only translates; the
/// host decides.
package final class WebSocketSession: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = WebSocketFrame
    package typealias OutboundOut = WebSocketFrame

    package struct Settings: Sendable {
        package var messagesPerSecond: Int
        package var outboundQueueLimit: Int
        /// How often to ping; nil for never. A ping still unanswered at the next one closes the connection.
        package let pingInterval: Duration?
        /// How long to wait for the client's close after ours before dropping the socket.
        package var closeTimeout: Duration
        /// Where the connections' writers of each event loop are run, and what pings them: one per server.
        let writers = PerEventLoop { LoopWriters(eventLoop: $0) }
        let pings: PerEventLoop<NIOLoopBound<KeepAliveWheel>>?

        package init(messagesPerSecond: Int, outboundQueueLimit: Int, pingInterval: Duration?, closeTimeout: Duration) {
            self.messagesPerSecond = messagesPerSecond
            self.outboundQueueLimit = outboundQueueLimit
            self.pingInterval = pingInterval
            self.closeTimeout = closeTimeout
            pings = pingInterval.flatMap { interval in
                guard interval > .zero else { return nil }
                return PerEventLoop { NIOLoopBound(KeepAliveWheel(eventLoop: $0, interval: interval), eventLoop: $0) }
            }
        }
    }

    /// Where the session's messages go.
    private enum Attachment {
        /// Waiting for the host: messages are kept in order until it is known.
        case attaching(buffered: [MatchHost.Inbound])
        case attached(any MatchEndpoint)
        /// Refused by the host, or the socket closed: nothing more goes anywhere.
        case detached
    }

    private let matchID: MatchID
    private let registry: MatchRegistry
    /// Reads the core messages and every game's: taken once from the registry's catalog, not per frame.
    private let messageReader: ClientMessageReader
    private let settings: Settings
    private let metrics: ServerMetrics
    private let remoteAddress: String
    /// Counts this WebSocket against its client address (`AddressConnectionLimits`) until the session
    /// is gone.
    private let addressSlot: AddressConnectionLimits.Slot?
    /// The server's logger, as given: every line adds the match and connection (`log`), so that a held
    /// connection does not keep a logger with metadata of its own (some 540 bytes each, measured).
    private let logger: Logger

    private(set) var context: ChannelHandlerContext?
    /// The frame encoder's context: what is written there goes to the socket (through TLS, if any)
    /// without the encoder. Frames the host framed already are written here (`OutboundItem.frames`).
    private(set) var framedContext: ChannelHandlerContext?
    /// The channel, kept: the writer asks whether it is writable at every turn.
    private(set) var channel: (any Channel)?
    /// Where the connection's wake-up finds the session, emptied when the pipeline lets it go.
    private var slot: SessionSlot?
    private(set) var connection: Connection?
    private var attachment = Attachment.attaching(buffered: [])
    private var limiter: MessageRateLimiter
    private var frames: InboundFrames
    /// Our close frame was written: the client's frames are ignored from now on.
    private(set) var closeSent = false
    /// NIO's frame decoder refused a frame: no close of the client's can be read any more.
    private var decoderFailed = false
    /// The client sent a close frame, even one refused for its payload: once ours is written both have
    /// passed, and the server ends TCP first (RFC 6455 7.1.1) rather than wait for the client to.
    private var clientCloseReceived = false
    private var closeDeadline: Scheduled<Void>?
    /// Opened with `?watch=1`: its connection can never take a seat.
    let watchesOnly: Bool
    /// The account the upgrade's session cookie signed in (nil: a guest), for its connection.
    let account: AccountPlayer?
    /// Where a guest's `login` name is looked up (`WebSocketSession+GuestNames`); nil without accounts.
    let accounts: (any AccountLookup)?
    /// The guest logins whose names are being looked up, and what waits behind them.
    var nameChecks = GuestNameChecks()
    var unansweredPing: UInt64?
    var pingsSent: UInt64 = 0
    /// The payload of the latest ping not answered yet: written when the socket takes it.
    var pendingPong: ByteBuffer?

    /// - Parameter maxMessageSize: the most bytes a text message may hold, all its fragments together.
    package init(
        matchID: MatchID, remoteAddress: String, watchesOnly: Bool = false, account: AccountPlayer? = nil,
        accounts: (any AccountLookup)? = nil, maxMessageSize: Int, addressSlot: AddressConnectionLimits.Slot? = nil,
        registry: MatchRegistry, settings: Settings, metrics: ServerMetrics, logger: Logger
    ) {
        self.watchesOnly = watchesOnly
        self.account = account
        self.accounts = accounts
        self.matchID = matchID
        self.remoteAddress = remoteAddress
        self.addressSlot = addressSlot
        self.registry = registry
        messageReader = registry.games.messageReader
        self.settings = settings
        self.metrics = metrics
        self.logger = logger
        limiter = MessageRateLimiter(limit: settings.messagesPerSecond)
        // As many fragments as a message has bytes: any message of one-byte fragments fits.
        frames = InboundFrames(maxMessageSize: maxMessageSize, maxFragments: maxMessageSize)
    }

    /// The logger of this session's lines: each names its match and connection.
    var log: Logger {
        var logger = logger
        logger[metadataKey: "match"] = .string(matchID.rawValue)
        if let connection { logger[metadataKey: "connection"] = "\(connection.id)" }
        return logger
    }

    // MARK: - Lifecycle

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // The encoder is before the session in every pipeline that upgrades (`GameServerChannel`).
        framedContext = try? context.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self)
        channel = context.channel
        let eventLoop = context.eventLoop
        let slot = SessionSlot(self, eventLoop: eventLoop)
        self.slot = slot
        // The loop's writers run the wake-ups of all its connections together, players first.
        let writers = settings.writers.value(of: eventLoop)
        let connection = Connection(
            remoteAddress: remoteAddress, queueLimit: settings.outboundQueueLimit, watchesOnly: watchesOnly, account: account
        ) { seated in
            writers.wake(slot, plays: seated)
        }
        self.connection = connection
        settings.pings?.value(of: eventLoop).value.add(slot)
        attach(connection, session: NIOLoopBound(self, eventLoop: eventLoop))
    }

    package func channelInactive(context: ChannelHandlerContext) {
        log.debug("connection closed")
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

    package func handlerRemoved(context: ChannelHandlerContext) {
        // The wake-up and the ping wheel let the session go: nothing else of the connection holds it.
        slot?.value = nil
        slot = nil
        self.context = nil
        framedContext = nil
        channel = nil
    }

    /// Finds the match's host and joins it (off the event loop: the registry and the host are actors),
    /// then comes back to the loop to hand over what arrived meanwhile.
    private func attach(_ connection: Connection, session: NIOLoopBound<WebSocketSession>) {
        let registry = registry
        let matchID = matchID
        let logger = log
        Task {
            let host = await registry.join(connection, to: matchID, logger: logger)
            session.eventLoop.execute { session.value.attached(to: host) }
        }
    }

    private func attached(to host: (any MatchEndpoint)?) {
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

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !closeSent else {
            // After our close only the client's close matters: it ends the closing handshake (5.5.1).
            if frame.opcode == .connectionClose { context.close(promise: nil) }
            return
        }
        let event: InboundFrames.Event?
        do {
            event = try frames.read(frame)
        } catch {
            // A close with a bad payload (one byte, a code that may not be sent, a reason that is not
            // UTF-8) is still the client's close: our answer ends the closing handshake.
            if frame.opcode == .connectionClose { clientCloseReceived = true }
            return refuse(code: error.code, reason: error.reason, log: error.log)
        }
        switch event {
        case nil:
            break
        case .text(let text):
            if counted() { received(text) }
        case .binary:
            refuse(code: 1003, reason: "Binary frames are not accepted; send JSON text.", log: "binary frame")
        case .ping(let data):
            guard counted() else { return }
            pendingPong = data
            writeQueued()
        case .pong(var data):
            guard counted() else { return }
            if let answered = data.readInteger(as: UInt64.self), answered == unansweredPing { unansweredPing = nil }
        case .close(let code):
            receivedClose(code: code, context: context)
        }
    }

    /// Counts a text message, ping or pong against the rate limit: true when it is to be served. Over the
    /// limit the client is told (`rateLimited`); at twice the limit it is closed (1008).
    private func counted() -> Bool {
        switch limiter.record() {
        case .allowed:
            return true
        case .limited:
            deliver(.rateLimited)
        case .exceeded:
            // The warnings the host sent for this window may still be on their way, and the close drops
            // what is queued: one more goes right before the close, so the client is always warned first.
            let warning = ServerMessage.error(.rateLimited)
            metrics.errorSent(warning)
            refuse(
                code: 1008, reason: "Too many messages.", log: "rate limit exceeded", after: [.text(ByteBuffer(string: warning.jsonText()))]
            )
        }
        return false
    }

    private func received(_ text: String) {
        switch messageReader.decode(text) {
        case .success(let message): deliver(.message(message))
        case .failure(let error): deliver(.undecodable(error.message))
        }
    }

    /// Hands `inbound` to the host, or keeps it in order until the host is known.
    func forward(_ inbound: MatchHost.Inbound) {
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

    /// The client closes first: answer with its code (RFC 6455 5.5.1, as conformance suites expect),
    /// 1000 when it sent none, then drop the socket once the answer is written.
    private func receivedClose(code: UInt16?, context: ChannelHandlerContext) {
        closeSent = true
        connection?.queue.finish()
        var data = context.channel.allocator.buffer(capacity: 2)
        data.writeInteger(code ?? 1000)
        // The answer may wait behind writes a client that does not read never takes.
        startCloseDeadline(context)
        let context = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.value.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
            context.value.close(promise: nil)
        }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case let error as NIOWebSocketError:
            // NIO's frame decoder refused a frame (too big, or a control frame too long or fragmented)
            // and reads nothing more: the close goes out, then our half of the connection.
            decoderFailed = true
            let code: UInt16 = error == .invalidFrameLength ? 1009 : 1002
            let reason = code == 1009 ? "Message too big." : "Invalid control frame."
            refuse(code: code, reason: reason, log: "frame refused by the frame decoder: \(error)")
        case ByteToMessageDecoderError.dataReceivedInErrorState:
            // What the client sends after the decoder refused a frame: dropped, read on until it closes,
            // so that the socket is not closed with unread bytes (a reset that could lose our close frame).
            break
        default:
            // The connection broke; there is nobody to answer.
            log.info("connection lost", metadata: ["error": "\(error)"])
            context.close(promise: nil)
        }
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client shut its side: nothing more will come, not even the answer to our close.
        if let event = event as? ChannelEvent, event == .inputClosed { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: - Writing

    /// Closes on the session's own account: what is queued is dropped and the close goes out next.
    /// - Parameter last: what goes out before the close, in place of what was queued.
    func refuse(code: UInt16, reason: String, log: String, after last: [OutboundItem] = []) {
        self.log.notice("refused", metadata: ["reason": "\(log), closed \(code)"])
        close(code: code, reason: reason, after: last)
    }

    private func close(code: UInt16, reason: String, after last: [OutboundItem] = []) {
        connection?.queue.replaceAll(with: last + [.close(code: code, reason: reason)])
        // Bounded even when a client that does not read keeps the close frame from being written.
        if let context { startCloseDeadline(context) }
        writeQueued()
    }

    /// Writes and flushes our close frame (RFC 6455 7.1.2). The socket closes when the client answers
    /// with its close, shuts its side, or after the close timeout; never before our frame is written,
    /// and never with the client's bytes unread, so that the close frame reaches the client.
    func sendClose(code: UInt16, reason: String, context: ChannelHandlerContext) {
        closeSent = true
        connection?.queue.finish()
        metrics.closeSent(code)
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(code)
        data.writeString(reason)
        let written = context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        if clientCloseReceived {
            // Both close frames have passed: nothing more may come, so the server closes TCP first.
            written.whenComplete { _ in loopBound.value.close(promise: nil) }
        } else if decoderFailed {
            // The client's close cannot be read any more: our end of the stream tells it we are done,
            // and its own end (or the timeout) closes the socket.
            written.whenSuccess { loopBound.value.close(mode: .output, promise: nil) }
        }
        startCloseDeadline(context)
    }

    /// Drops the socket after the close timeout, unless the closing handshake ends it first.
    func startCloseDeadline(_ context: ChannelHandlerContext) {
        guard closeDeadline == nil else { return }
        // The context, not the channel: a connection upgraded in a later HTTP request keeps Hummingbird's
        // handlers behind this one, and they ignore closes (KeepAliveUpgradeHandler).
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        closeDeadline = context.eventLoop.scheduleTask(in: TimeAmount(settings.closeTimeout)) { loopBound.value.close(promise: nil) }
    }
}
