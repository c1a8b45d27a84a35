import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import MatchStore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket
import WireProtocol

/// The server's connections: HTTP/1 for pages and the API, and `/ws/{matchId}` upgraded to a WebSocket
/// that NIO channel handlers serve (`WebSocketSession`).
///
/// Hummingbird runs `handle(value:)` as one Swift task per connection. An HTTP connection keeps its task
/// for its requests; an upgraded WebSocket's task returns at once and NIO handlers serve the socket, so
/// a held WebSocket costs no task frames, which would be most of what an idle connection costs
/// (docs/PERFORMANCE.md, item 7). A refused upgrade is answered here, on the socket, so that it carries
/// the contract's status and error body (docs/PROTOCOL.md).
struct GameServerChannel: ServerChildChannel {
    typealias HTTPChannel = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    enum Negotiated: Sendable {
        /// A request without an upgrade: the routes answer it (and the connection's later requests).
        case http(HTTPChannel)
        /// A refused upgrade: answered with the refusal, then closed. (NIO's upgrade handler has used
        /// up the request's head by then, so the routes could not answer it.)
        case refused(HTTPChannel, APIError)
        /// Upgraded: the channel's handlers serve it from now on.
        case webSocket
    }

    struct Value: ServerChildChannelValue {
        let negotiated: EventLoopFuture<Negotiated>
        let channel: any Channel
    }

    /// Everything a WebSocket session needs.
    struct WebSocketSettings: Sendable {
        var maxMessageSize: Int
        var session: WebSocketSession.Settings
        var registry: MatchRegistry
        var metrics: ServerMetrics
        var logger: Logger
    }

    /// The routes, for a connection's requests; an upgrade asked for in a later request is redirected.
    let http: HTTP1Channel
    let admission: WebSocketAdmission
    let webSocket: WebSocketSettings

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            // What the upgrade check decided, for the handler that runs after it on this channel.
            let decision = NIOLoopBoundBox<WebSocketAdmission.Decision?>(nil, eventLoop: channel.eventLoop)
            let admission = admission
            let webSocket = webSocket
            let upgrader = NIOTypedWebSocketServerUpgrader<Negotiated>(
                maxFrameSize: webSocket.maxMessageSize,
                enableAutomaticErrorHandling: true,
                shouldUpgrade: { channel, head in
                    let clientAddress = channel.remoteAddress?.ipAddress ?? "unknown"
                    let promise = channel.eventLoop.makePromise(of: WebSocketAdmission.Decision.self)
                    promise.completeWithTask {
                        await admission.decide(
                            path: head.uri, origin: head.headers.first(name: "origin"), authority: head.headers.first(name: "host"),
                            clientAddress: clientAddress)
                    }
                    return promise.futureResult.map { decided in
                        decision.value = decided
                        if case .upgrade = decided { return HTTPHeaders() }
                        return nil
                    }
                },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        guard case .upgrade(let matchID) = decision.value else { throw ChannelError.inappropriateOperationForState }
                        try Self.addWebSocketHandlers(to: channel, matchID: matchID, settings: webSocket)
                        return .webSocket
                    }
                }
            )
            let configuration = NIOTypedHTTPServerUpgradeConfiguration<Negotiated>(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                        try channel.pipeline.syncOperations.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
                        let http = try HTTPChannel(
                            wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                        switch decision.value {
                        case nil: return .http(http)
                        case .refuse(let error): return .refused(http, error)
                        case .notWebSocketPath, .upgrade: return .refused(http, Self.notAWebSocketAddress)
                        }
                    }
                }
            )
            var pipeline = NIOUpgradableHTTPServerPipelineConfiguration(upgradeConfiguration: configuration)
            pipeline.enablePipelining = false  // HTTP is pipelined by NIOAsyncChannel
            pipeline.enableErrorHandling = false  // Hummingbird handles errors
            pipeline.enableResponseHeaderValidation = false  // Swift HTTP Types validate already
            return Value(
                negotiated: try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: pipeline),
                channel: channel)
        }
    }

    static let notAWebSocketAddress = APIError(.badRequest, .badMessage, "WebSockets are opened at /ws/{matchId} only.")

    /// After NIO's frame decoder, encoder and protocol error handler (which closes with 1009 or 1002 on
    /// a frame it refuses): fragments joined up to the message size limit, then the session.
    private static func addWebSocketHandlers(to channel: any Channel, matchID: MatchID, settings: WebSocketSettings) throws {
        let operations = channel.pipeline.syncOperations
        try operations.addHandler(
            NIOWebSocketFrameAggregator(
                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 64, maxAccumulatedFrameSize: settings.maxMessageSize))
        try operations.addHandler(
            WebSocketSession(
                matchID: matchID, remoteAddress: channel.remoteAddress?.ipAddress ?? "unknown", registry: settings.registry,
                settings: settings.session, metrics: settings.metrics, logger: settings.logger
            ))
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.negotiated.get() {
            case .http(let http):
                await self.http.handle(value: http, logger: logger)
            case .refused(let http, let error):
                await Self.write(error, to: http, logger: logger)
            case .webSocket:
                return
            }
        } catch {
            logger.trace("connection ended before its first request", metadata: ["error": "\(error)"])
        }
    }

    /// NIO only looks for an upgrade in a connection's first request. A later request on the same
    /// connection that asks for one is sent to a new connection (a redirect to itself, then close),
    /// where the upgrade can happen; HummingbirdWebSocket does the same.
    static func redirectingUpgrades(_ responder: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        struct CloseAfterRedirect: Error {}
        return { request, writer, channel in
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                return try await responder(request, writer, channel)
            }
            var location = request.uri.path
            if let query = request.uri.query { location += "?\(query)" }
            try await writer.writeResponse(
                HTTPResponse(status: .temporaryRedirect, headerFields: [.connection: "close", .location: location]))
            throw CloseAfterRedirect()
        }
    }

    /// Answers a refused upgrade as docs/PROTOCOL.md says, with the headers every response carries, and closes.
    private static func write(_ error: APIError, to channel: HTTPChannel, logger: Logger) async {
        let body = ByteBuffer(string: error.body.encoded())
        var fields = SecurityHeaders.fields
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.contentLength] = "\(body.readableBytes)"
        fields[.cacheControl] = "no-store"
        fields[.connection] = "close"
        do {
            try await channel.executeThenClose { _, outbound in
                try await outbound.write(contentsOf: [
                    .head(HTTPResponse(status: error.status, headerFields: fields)), .body(body), .end(nil),
                ])
            }
        } catch {
            logger.trace("could not answer a refused upgrade", metadata: ["error": "\(error)"])
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with `/ws/{matchId}` upgrades admitted by `admission` and served by NIO handlers.
    static func gameServer(admission: WebSocketAdmission, webSocket: GameServerChannel.WebSocketSettings) -> HTTPServerBuilder {
        .init { responder in
            GameServerChannel(
                http: HTTP1Channel(responder: GameServerChannel.redirectingUpgrades(responder)), admission: admission, webSocket: webSocket
            )
        }
    }
}
