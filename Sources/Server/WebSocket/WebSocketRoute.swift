import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import WireProtocol

/// `GET /ws/{matchId}`: the upgrade checks (ready, Origin, known match), then one session per socket:
/// a reader that decodes, rate-limits and hands messages to the match host, and a writer that drains
/// the connection's bounded queue. The session only translates; the host decides.
struct WebSocketRoute: Sendable {
    let registry: MatchRegistry
    let state: ServerState
    let originPolicy: OriginPolicy
    let configuration: ServerConfiguration
    let refusals: UpgradeRefusals
    let metrics: ServerMetrics
    let logger: Logger

    func add(to router: Router<AppRequestContext>) {
        router.ws("/ws/{matchId}") { request, context in
            do {
                return try await shouldUpgrade(request, context)
            } catch let error as APIError {
                // Answered by `UpgradeRefusalWriter` on an upgrade; a plain GET gets it as a response.
                if let channel = context.channel { refusals.record(.init(status: error.status, body: error.body), for: channel) }
                throw error
            }
        } onUpgrade: { inbound, outbound, context in
            try await session(inbound: inbound, outbound: outbound, context: context)
        }
    }

    private func shouldUpgrade(_ request: Request, _ context: AppRequestContext) async throws -> RouterShouldUpgrade {
        let requested = context.parameters.get("matchId") ?? ""
        // Every refusal names the match it was for (as requested) and the client.
        var logger = logger
        logger[metadataKey: "match"] = .string(Secrets.loggableMatchID(requested[...]))
        logger[metadataKey: "address"] = .string(context.clientAddress)
        guard state.current == .ready else {
            logger.notice("refused", metadata: ["reason": "starting or draining, answered 503"])
            throw APIError(.serviceUnavailable, .matchNotFound, "The server is starting or shutting down; try again shortly.")
        }
        let origin = request.headers[.origin]
        guard originPolicy.allows(origin: origin, authority: request.head.authority) else {
            logger.notice("refused", metadata: ["reason": "origin not allowed, answered 403", "origin": "\(origin ?? "")"])
            throw APIError(.forbidden, .badMessage, "This origin may not open a WebSocket here.")
        }
        guard Secrets.isWellFormedMatchID(requested[...]) else {
            logger.notice("refused", metadata: ["reason": "malformed match id, answered 404"])
            throw APIError.matchNotFound
        }
        do {
            _ = try await registry.host(for: requested)
        } catch .notFound {
            logger.notice("refused", metadata: ["reason": "unknown match, answered 404"])
            throw APIError.matchNotFound
        } catch .unreadable {
            logger.notice("refused", metadata: ["reason": "match could not be loaded, answered 500"])
            throw APIError(.internalServerError, .matchNotFound, "This match could not be loaded.")
        }
        return .upgrade([:])
    }

    private func session(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, context: WebSocketRouterContext<AppRequestContext>
    ) async throws {
        context.requestContext.releaseWebSocketHandler()
        guard let id = context.requestContext.parameters.get("matchId") else { return }
        let connection = Connection(remoteAddress: context.requestContext.clientAddress, queueLimit: configuration.outboundQueueLimit)
        // Every line of this session names its match and connection.
        var logger = logger
        logger[metadataKey: "match"] = .string(id)
        logger[metadataKey: "connection"] = "\(connection.id)"
        let frameErrors = if let channel = context.requestContext.channel { try? await FrameErrorObserver.install(on: channel) } else { FrameErrorObserver?.none }
        guard let host = await attach(connection, to: id, logger: logger) else {
            try await outbound.close(.init(codeNumber: 1013), reason: "This match is full or gone; try again later.")
            return
        }
        metrics.connectionOpened()
        defer { metrics.connectionClosed() }
        let refusal = await withTaskGroup(of: Void.self) { group in
            group.addTask { await write(connection.queue, to: outbound) }
            let refusal = await read(inbound, connection: connection, host: host, logger: logger)
            await host.disconnect(connection.id)
            // Let a queued close reach the client before the writer stops.
            connection.queue.finish()
            return refusal
        }
        // A message the WebSocket layer refused (over the size limit in fragments, text that is not
        // UTF-8): thrown on so that the layer closes with the code the error carries (1009, 1007), not 1000.
        if let refusal { throw refusal }
        // A frame the decoder refused (over the size limit: NIO closed with 1009) ends the stream quietly.
        if let error = frameErrors?.error {
            let code = error == .invalidFrameLength ? 1009 : 1002
            logger.notice("refused", metadata: ["reason": "frame refused by the WebSocket layer: \(error), closed \(code)"])
        }
    }

    /// Adds the connection to the host of `id`, reloading a host that closed meanwhile. Nil when the
    /// match is full or cannot be found any more.
    private func attach(_ connection: Connection, to id: String, logger: Logger) async -> MatchHost? {
        for _ in 0..<3 {
            guard let host = try? await registry.host(for: id) else { break }
            switch await host.connect(connection) {
            case .connected: return host
            case .full:
                logger.notice("refused", metadata: ["reason": "match full of connections, closed 1013"])
                return nil
            case .closed: await registry.remove(host)
            }
        }
        logger.notice("refused", metadata: ["reason": "match gone after the upgrade, closed 1013"])
        return nil
    }

    /// Reads until the client closes or is closed. Returns the error of a message the WebSocket layer
    /// refused, for the session to throw on; nil when the connection ended otherwise.
    private func read(_ inbound: WebSocketInboundStream, connection: Connection, host: MatchHost, logger: Logger) async -> (any Error)? {
        var limiter = MessageRateLimiter(limit: configuration.messagesPerSecond)
        do {
            for try await message in inbound.messages(maxSize: configuration.maxFrameSize) {
                guard case .text(let text) = message else {
                    logger.notice("refused", metadata: ["reason": "binary frame, closed 1003"])
                    close(connection, code: 1003, reason: "Binary frames are not accepted; send JSON text.")
                    break
                }
                switch limiter.record() {
                case .allowed:
                    switch ClientMessage.decode(text) {
                    case .success(let message): await host.handle(message, from: connection.id)
                    case .failure(let error): await host.refuse(.badMessage, message: error.message, to: connection.id)
                    }
                case .limited:
                    await host.refuse(.rateLimited, to: connection.id)
                case .exceeded:
                    logger.notice("refused", metadata: ["reason": "rate limit exceeded, closed 1008"])
                    close(connection, code: 1008, reason: "Too many messages.")
                    return nil
                }
            }
        } catch where error is IOError || error is ChannelError {
            // The connection broke; there is nobody to answer.
            logger.info("connection lost", metadata: ["error": "\(error)"])
        } catch {
            // A message over the limit in fragments (1009), text that is not UTF-8 (1007), a protocol
            // error (1002): the WebSocket layer closes with the error's code once the session throws it.
            logger.notice("refused", metadata: ["reason": "frame refused by the WebSocket layer: \(error)"])
            return error
        }
        return nil
    }

    private func close(_ connection: Connection, code: UInt16, reason: String) {
        connection.queue.replaceAll(with: [.close(code: code, reason: reason)])
    }

    private func write(_ queue: OutboundQueue, to outbound: WebSocketOutboundWriter) async {
        while let item = await queue.next() {
            do {
                switch item {
                case .text(let payload):
                    // A text frame around the shared payload: `.text(String)` would copy it per connection.
                    try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: payload)))
                case .close(let code, let reason):
                    metrics.closeSent(code)
                    try await outbound.close(.init(codeNumber: Int(code)), reason: reason)
                    return
                }
            } catch {
                return
            }
        }
    }
}
