import Foundation
import Hummingbird
import Logging
import MatchStore
import WireProtocol

/// "Play someone now" (an extension, docs/PROTOCOL.md): join the queue, renew the place (which tells
/// where the visitor stands), cancel. The ticket travels in bodies, never in a path, and is never
/// logged: it is what stands for the visitor until its seat token takes over.
struct QueueRoutes: Sendable {
    let matchmaker: Matchmaker
    let state: ServerState
    let originPolicy: OriginPolicy
    /// Joining ends in a new match: it counts against the same per-address limit as creating one.
    let creationLimiter: AddressRateLimiter
    let maxBodySize: Int
    let logger: Logger

    func add(to router: Router<AppRequestContext>) {
        router.post("/api/queue") { request, context in try await join(request, context) }
        router.post("/api/queue/renew") { request, context in try await renew(request, context) }
        router.post("/api/queue/cancel") { request, context in try await cancel(request, context) }
    }

    private var queue: any PairingQueue { matchmaker.queue }

    private func join(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        guard originPolicy.allows(origin: request.headers[.origin], authority: context.client.authority) else {
            refused("origin not allowed, answered 403", context)
            throw APIError(.forbidden, .badMessage, "This origin may not join the queue here.")
        }
        let body = try await read(QueueJoin.self, from: request, emptyAs: QueueJoin(), context)
        guard creationLimiter.allow(context.clientAddress) else {
            refused("too many matches created, answered 429", context)
            throw APIError(.tooManyRequests, .rateLimited, "Too many matches created from your address; wait a minute.")
        }
        let ticket = Secrets.newSeatToken()
        try await storing { try await queue.join(Self.key(of: ticket), name: body.name) }
        matchmaker.pairSoon()
        return .json(QueueStatus.waiting(seconds: 0, ticket: ticket), status: .created)
    }

    private func renew(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        let body = try await read(QueueTicket.self, from: request, emptyAs: nil, context)
        guard let status = try await storing({ try await queue.renew(Self.key(of: body.ticket)) }) else {
            refused("ticket not in the queue, answered 404", context)
            throw APIError(.notFound, .badToken, "This ticket is not in the queue: it was cancelled, or not renewed in time.")
        }
        switch status {
        case .waiting(let seconds):
            matchmaker.pairSoon()
            return .json(QueueStatus.waiting(seconds: seconds))
        case .paired(let seat):
            return .json(QueueStatus.paired(matchId: seat.matchID.rawValue, seat: WireSeat(seat.seat), token: seat.token))
        }
    }

    private func cancel(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        let body = try await read(QueueTicket.self, from: request, emptyAs: nil, context)
        try await storing { try await queue.leave(Self.key(of: body.ticket)) }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// What the queue knows a ticket by: its hash, so that the ticket itself is stored nowhere.
    static func key(of ticket: String) -> String {
        Secrets.tokenHash(ticket).map { String(format: "%02x", $0) }.joined()
    }

    private func requireReady() throws {
        guard state.current == .ready else { throw APIError.unavailable }
    }

    /// The JSON body as `Body`, read strictly; `emptyAs` when the body is empty and that is allowed.
    /// `400 badMessage` otherwise, saying what is wrong.
    private func read<Body: StrictBody>(_ type: Body.Type, from request: Request, emptyAs empty: Body?, _ context: AppRequestContext)
        async throws -> Body
    {
        var request = request
        let text = String(buffer: try await request.collectBody(upTo: maxBodySize))
        if text.allSatisfy(\.isWhitespace), let empty { return empty }
        switch Body.read(strictly: text) {
        case .success(let body):
            return body
        case .failure(let refusal):
            refused("unreadable queue body, answered 400", context)
            throw APIError(.badRequest, .badMessage, refusal.reason)
        }
    }

    /// `body`, with a store that cannot be reached answered `503`.
    private func storing<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch {
            logger.error("the pairing queue could not be reached", metadata: ["error": "\(error)"])
            throw APIError.storageUnavailable
        }
    }

    private func refused(_ reason: String, _ context: AppRequestContext) {
        logger.notice("refused", metadata: ["reason": "\(reason)", "address": "\(context.clientAddress)"])
    }
}
