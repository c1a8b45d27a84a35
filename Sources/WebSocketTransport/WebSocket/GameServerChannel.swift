import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MatchHosting
import MatchStore
import MatchWords
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
import ServiceLifecycle
import WireProtocol

/// The server's connections: HTTP/1 for pages and the API, and `/ws/{matchId}` upgraded to a WebSocket
/// that NIO channel handlers serve (`WebSocketSession`).
///
/// Hummingbird runs `handle(value:)` as one Swift task per connection. An HTTP connection keeps its task
/// for its requests; an upgraded WebSocket's task returns at once and NIO handlers serve the socket, so
/// a held WebSocket costs no task frames, which would be most of what an idle connection costs
/// (docs/PERFORMANCE.md, item 7). A refused upgrade is answered here, on the socket, so that it carries
/// the contract's status and error body (docs/PROTOCOL.md). NIO's upgrade handler takes an upgrade in a
/// connection's first request; `KeepAliveUpgradeHandler` takes one in any later request, through the
/// same upgrader, so both check and answer alike.
package struct GameServerChannel: ServerChildChannel {
    package typealias HTTPChannel = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    package enum Negotiated: Sendable {
        /// A request without an upgrade: the routes answer it (and the connection's later requests).
        case http(HTTPChannel)
        /// A refused upgrade: answered with the refusal, then closed. (NIO's upgrade handler has used
        /// up the request's head by then, so the routes could not answer it.)
        case refused(HTTPChannel, APIError)
        /// Upgraded: the channel's handlers serve it from now on.
        case webSocket
        /// Over `--max-connections-per-address` at its accept: `AddressLimitRefusalHandler` answers it
        /// (or it was closed at once).
        case refusedAtAccept
    }

    package struct Value: ServerChildChannelValue {
        package let negotiated: EventLoopFuture<Negotiated>
        package let channel: any Channel
    }

    /// Everything a WebSocket session needs.
    package struct WebSocketSettings: Sendable {
        package var maxMessageSize: Int
        package var session: WebSocketSession.Settings
        package var registry: MatchRegistry
        package var metrics: ServerMetrics
        package var logger: Logger

        package init(
            maxMessageSize: Int, session: WebSocketSession.Settings, registry: MatchRegistry, metrics: ServerMetrics, logger: Logger
        ) {
            self.maxMessageSize = maxMessageSize
            self.session = session
            self.registry = registry
            self.metrics = metrics
            self.logger = logger
        }
    }

    /// How long a connection may take before its first request, and between requests.
    package struct Timeouts: Sendable {
        /// From the accept to the first request head (an upgrade's included), read in full.
        package var handshake: Duration
        /// A keep-alive HTTP connection without a request in progress.
        package var httpIdle: Duration
        /// From a request's head to the end of its body.
        package var body: Duration

        package init(handshake: Duration, httpIdle: Duration, body: Duration) {
            self.handshake = handshake
            self.httpIdle = httpIdle
            self.body = body
        }
    }

    /// The routes, for a connection's requests.
    package let http: HTTP1Channel
    package let admission: WebSocketAdmission
    /// HTTPS and `wss://` when given (`ServerTLS`): its handlers go first in every connection's pipeline.
    package var tls: (any TLSHandlers)? = nil
    package let timeouts: Timeouts
    package let webSocket: WebSocketSettings
    /// Every connection the server holds, and its idle keep-alives.
    package let connections: OpenConnections

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            // Each connection keeps the buffer of its last read for the next; NIO's first size, 2 KB, was
            // a third of what a held WebSocket cost (docs/PERFORMANCE.md, measurement 11). The size still
            // doubles for a read that fills it.
            try channel.syncOptions?.setOption(ChannelOptions.recvAllocator, value: Self.readBuffers)
            try tls?.addHandlers(to: channel)
            let countedAtAccept: Bool
            switch try countAtAccept(channel) {
            case .notCounted:
                countedAtAccept = false
            case .counted:
                countedAtAccept = true
            case .refused:
                return Value(negotiated: channel.eventLoop.makeSucceededFuture(.refusedAtAccept), channel: channel)
            }
            let timeouts = timeouts
            let connections = connections
            // What the upgrade check decided, for the handler that runs after it on this channel.
            let decision = NIOLoopBoundBox<WebSocketAdmission.Decision?>(nil, eventLoop: channel.eventLoop)
            let admission = admission
            let webSocket = webSocket
            let upgrader = NIOTypedWebSocketServerUpgrader<Negotiated>(
                maxFrameSize: webSocket.maxMessageSize,
                // The session closes on the frame decoder's errors itself, so that the close frame is
                // flushed and the client's bytes are read before the socket is dropped.
                enableAutomaticErrorHandling: false,
                shouldUpgrade: { channel, head in
                    let client = admission.trustedProxies.resolve(
                        peer: channel.remoteAddress?.ipAddress, host: head.headers.first(name: "host"),
                        forwardedFor: head.headers["x-forwarded-for"], forwardedHost: head.headers["x-forwarded-host"])
                    let promise = channel.eventLoop.makePromise(of: WebSocketAdmission.Decision.self)
                    let sessionToken = Self.sessionToken(head.headers)
                    promise.completeWithTask {
                        await admission.decide(
                            path: head.uri, origin: head.headers.first(name: "origin"), client: client, countedAtAccept: countedAtAccept,
                            sessionToken: sessionToken)
                    }
                    return promise.futureResult.map { decided in
                        decision.value = decided
                        if case .upgrade = decided { return HTTPHeaders() }
                        return nil
                    }
                },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        guard case .upgrade(let upgrade) = decision.value else { throw ChannelError.inappropriateOperationForState }
                        // The session holds the address's slot from now on, and gives it back when it goes.
                        decision.value = nil
                        try channel.pipeline.syncOperations.addHandler(
                            Self.session(upgrade, accounts: admission.accounts, settings: webSocket))
                        return .webSocket
                    }
                }
            )
            let configuration = NIOTypedHTTPServerUpgradeConfiguration<Negotiated>(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if decision.value == nil {
                            try channel.pipeline.syncOperations.addHandler(
                                KeepAliveUpgradeHandler(
                                    answer: Self.laterUpgrades(
                                        upgrader: upgrader, decision: decision, accounts: admission.accounts, settings: webSocket)))
                        }
                        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: tls != nil))
                        try channel.pipeline.syncOperations.addHandler(
                            HTTPConnectionGuard(
                                connections: connections, bodyTimeout: timeouts.body, metrics: webSocket.metrics, logger: webSocket.logger))
                        try channel.pipeline.syncOperations.addHandler(
                            HTTPConnectionStateHandler(idleTimeout: timeouts.httpIdle, logger: logger))
                        let http = try HTTPChannel(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                        guard let refusal = Self.refusal(decision.value) else { return .http(http) }
                        return .refused(http, refusal)
                    }
                }
            )
            var pipeline = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: configuration)
            pipeline.enablePipelining = false  // HTTP is pipelined by NIOAsyncChannel
            pipeline.enableErrorHandling = false  // Hummingbird handles errors
            pipeline.enableResponseHeaderValidation = false  // Swift HTTP Types validate already
            let negotiated = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: pipeline)
            // NIO's HTTP decoder waits for a head as long as it takes: an idle socket or a slowloris
            // would hold the connection (and an open file) for ever without this deadline.
            let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(timeouts.handshake)) { channel.close(promise: nil) }
            negotiated.whenComplete { _ in deadline.cancel() }
            return Value(negotiated: negotiated, channel: channel)
        }
    }

    /// What a connection reads into: 512 bytes first, as much as a WebSocket upgrade request of a script
    /// and most of a browser's, then as NIO's default (down to 64 bytes, up to 64 KB as reads need).
    static let readBuffers = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536)

    package static let notAWebSocketAddress = APIError(.badRequest, .badMessage, "WebSockets are opened at /ws/{matchId} only.")

    /// What an upgrade that was not made is answered with; nil when no upgrade was asked for, or the
    /// handshake was not one NIO's upgrader could use (the routes answer the request then).
    private static func refusal(_ decision: WebSocketAdmission.Decision?) -> APIError? {
        switch decision {
        case nil: nil
        case .refuse(let error): error
        case .notWebSocketPath, .upgrade: notAWebSocketAddress
        }
    }

    /// The session, after NIO's frame encoder and decoder (which refuses frames over the size limit and
    /// malformed control frames; the session closes on its errors). `accounts`: where a guest's `login`
    /// name is looked up.
    private static func session(
        _ upgrade: WebSocketAdmission.Upgrade, accounts: (any AccountLookup)?, settings: WebSocketSettings
    ) -> WebSocketSession {
        WebSocketSession(
            matchID: upgrade.matchID, remoteAddress: upgrade.clientAddress, watchesOnly: upgrade.watchesOnly,
            account: upgrade.account, accounts: accounts, maxMessageSize: settings.maxMessageSize, addressSlot: upgrade.slot,
            registry: settings.registry, settings: settings.session, metrics: settings.metrics, logger: settings.logger)
    }

    /// The value of the upgrade's `session` cookie (issue 41), if it sends one.
    static func sessionToken(_ headers: HTTPHeaders) -> String? {
        Cookies(from: headers[canonicalForm: "cookie"].map(String.init))["session"]?.value
    }

    /// Answers an upgrade in a later request of a connection with the upgrader of its first request: the
    /// same admission, the same handshake checks and `101` headers, the same handlers and refusals.
    private static func laterUpgrades(
        upgrader: NIOTypedWebSocketServerUpgrader<Negotiated>, decision: NIOLoopBoundBox<WebSocketAdmission.Decision?>,
        accounts: (any AccountLookup)?, settings: WebSocketSettings
    ) -> KeepAliveUpgradeHandler.Answerer {
        { channel, head in
            upgrader.buildUpgradeResponse(channel: channel, upgradeRequest: head, initialResponseHeaders: HTTPHeaders())
                .map { headers -> KeepAliveUpgradeHandler.Answer in
                    guard case .upgrade(let upgrade) = decision.value else { return .passThrough }
                    return .upgrade(headers: headers) {
                        [
                            WebSocketFrameEncoder(), ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: settings.maxMessageSize)),
                            session(upgrade, accounts: accounts, settings: settings),
                        ]
                    }
                }
                .recover { _ in
                    guard let refusal = refusal(decision.value) else { return .passThrough }
                    let (head, body) = refusal.refusalResponseHead()
                    return .refuse(head, body: body)
                }
        }
    }

    package func handle(value: Value, logger: Logger) async {
        do {
            // A connection still waiting for its first request has nothing to finish: a shutdown closes
            // it rather than wait for the handshake timeout.
            let negotiated = try await withGracefulShutdownHandler {
                try await value.negotiated.get()
            } onGracefulShutdown: {
                value.channel.close(promise: nil)
            }
            switch negotiated {
            case .http(let http):
                await self.http.handle(value: http, logger: logger)
            case .refused(let http, let error):
                await Self.write(error, to: http, logger: logger)
            case .webSocket, .refusedAtAccept:
                return
            }
        } catch {
            logger.trace("connection ended before its first request", metadata: ["error": "\(error)"])
        }
    }

    /// Answers a refused upgrade as docs/PROTOCOL.md says and closes.
    private static func write(_ error: APIError, to channel: HTTPChannel, logger: Logger) async {
        let (response, body) = error.refusalResponse()
        do {
            try await channel.executeThenClose { _, outbound in
                try await outbound.write(contentsOf: [.head(response), .body(body), .end(nil)])
            }
        } catch {
            logger.trace("could not answer a refused upgrade", metadata: ["error": "\(error)"])
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with `/ws/{matchId}` upgrades admitted by `admission` and served by NIO handlers.
    package static func gameServer(
        admission: WebSocketAdmission, tls: (any TLSHandlers)? = nil, timeouts: GameServerChannel.Timeouts,
        webSocket: GameServerChannel.WebSocketSettings, connections: OpenConnections
    ) -> HTTPServerBuilder {
        .init { responder in
            GameServerChannel(
                http: HTTP1Channel(responder: responder), admission: admission, tls: tls, timeouts: timeouts, webSocket: webSocket,
                connections: connections
            )
        }
    }
}

extension APIError {
    /// The answer to a refused upgrade: the error body, the headers every response carries, and
    /// `Connection: close` (the HTTP decoder reads nothing after an upgrade request).
    package func refusalResponse() -> (HTTPResponse, ByteBuffer) {
        let body = ByteBuffer(string: self.body.encoded())
        var fields = SecurityHeaders.fields
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLength] = "\(body.readableBytes)"
        fields[.cacheControl] = "no-store"
        fields[.connection] = "close"
        return (HTTPResponse(status: status, headerFields: fields), body)
    }

    /// `refusalResponse()` as NIO's HTTP/1 types, for the handlers that answer below Hummingbird.
    package func refusalResponseHead() -> (HTTPResponseHead, ByteBuffer) {
        let (response, body) = refusalResponse()
        let head = HTTPResponseHead(
            version: .http1_1, status: .init(statusCode: Int(response.status.code)),
            headers: HTTPHeaders(response.headerFields.map { ($0.name.rawName, $0.value) }))
        return (head, body)
    }
}
