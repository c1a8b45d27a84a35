import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
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
    let logger: Logger

    func add(to router: Router<AppRequestContext>) {
        router.ws("/ws/{matchId}") { request, context in
            do {
                return try await shouldUpgrade(request, context)
            } catch let error as APIError {
                // Answered by `UpgradeRefusalWriter` on an upgrade; a plain GET gets it as a response.
                refusals.record(.init(status: error.status, body: error.body), for: context.channel)
                throw error
            }
        } onUpgrade: { inbound, outbound, context in
            try await session(inbound: inbound, outbound: outbound, context: context)
        }
    }

    private func shouldUpgrade(_ request: Request, _ context: AppRequestContext) async throws -> RouterShouldUpgrade {
        guard state.current == .ready else {
            throw APIError(.serviceUnavailable, .matchNotFound, "The server is starting or shutting down; try again shortly.")
        }
        let origin = request.headers[.origin]
        guard originPolicy.allows(origin: origin, authority: request.head.authority) else {
            logger.notice("refused", metadata: ["reason": "origin not allowed", "origin": "\(origin ?? "")", "address": "\(context.clientAddress)"])
            throw APIError(.forbidden, .badMessage, "This origin may not open a WebSocket here.")
        }
        guard let id = context.parameters.get("matchId"), Secrets.isWellFormedMatchID(id[...]) else { throw APIError.matchNotFound }
        do {
            _ = try await registry.host(for: id)
        } catch .notFound {
            throw APIError.matchNotFound
        } catch .unreadable {
            throw APIError(.internalServerError, .matchNotFound, "This match could not be loaded.")
        }
        return .upgrade([:])
    }

    private func session(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, context: WebSocketRouterContext<AppRequestContext>
    ) async throws {
        guard let id = context.requestContext.parameters.get("matchId") else { return }
        let connection = Connection(remoteAddress: context.requestContext.clientAddress, queueLimit: configuration.outboundQueueLimit)
        guard let host = await attach(connection, to: id) else {
            try await outbound.close(.init(codeNumber: 1013), reason: "This match is full or gone; try again later.")
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await write(connection.queue, to: outbound) }
            await read(inbound, connection: connection, host: host)
            await host.disconnect(connection.id)
            // Let a queued close reach the client before the writer stops.
            connection.queue.finish()
        }
    }

    /// Adds the connection to the host of `id`, reloading a host that closed meanwhile. Nil when the
    /// match is full or cannot be found any more.
    private func attach(_ connection: Connection, to id: String) async -> MatchHost? {
        for _ in 0..<3 {
            guard let host = try? await registry.host(for: id) else { return nil }
            switch await host.connect(connection) {
            case .connected: return host
            case .full:
                logger.notice("refused", metadata: ["match": "\(id)", "reason": "match full of connections"])
                return nil
            case .closed: await registry.remove(host)
            }
        }
        return nil
    }

    private func read(_ inbound: WebSocketInboundStream, connection: Connection, host: MatchHost) async {
        var limiter = MessageRateLimiter(limit: configuration.messagesPerSecond)
        do {
            for try await message in inbound.messages(maxSize: configuration.maxFrameSize) {
                guard case .text(let text) = message else {
                    logger.notice("refused", metadata: ["connection": "\(connection.id)", "reason": "binary frame, closed 1003"])
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
                    logger.notice("refused", metadata: ["connection": "\(connection.id)", "reason": "rate limit exceeded, closed 1008"])
                    close(connection, code: 1008, reason: "Too many messages.")
                    return
                }
            }
        } catch {
            // A frame over the limit (1009) or a protocol error: the WebSocket layer closes the socket.
            logger.notice("connection ended by error", metadata: ["connection": "\(connection.id)", "error": "\(error)"])
        }
    }

    private func close(_ connection: Connection, code: UInt16, reason: String) {
        connection.queue.replaceAll(with: [.close(code: code, reason: reason)])
    }

    private func write(_ queue: OutboundQueue, to outbound: WebSocketOutboundWriter) async {
        while let item = await queue.next() {
            do {
                switch item {
                case .text(let text):
                    try await outbound.write(.text(text))
                case .close(let code, let reason):
                    try await outbound.close(.init(codeNumber: Int(code)), reason: reason)
                    return
                }
            } catch {
                return
            }
        }
    }
}
