import Foundation
import GameUnits
import Hummingbird
import MatchHosting
import MatchStore
import MatchWords
import WebSocketTransport
import WireProtocol

/// "Play someone now" (an extension, docs/PROTOCOL.md): join the queue, renew the place (which tells
/// where the visitor stands), cancel. The ticket travels in bodies, never in a path, and is never
/// logged: it is what stands for the visitor until its seat token takes over.
extension Routes {
    func addQueue(to router: Router<AppRequestContext>) {
        router.post("/api/queue") { request, context in try await joinQueue(request, context) }
        router.post("/api/queue/renew") { request, context in try await renewInQueue(request, context) }
        router.post("/api/queue/cancel") { request, context in try await cancelInQueue(request, context) }
    }

    private var queue: any PairingQueue { matchmaker.queue }

    /// Joining ends in a new match: under the Origin rule and the per-address limit of creating one.
    private func joinQueue(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        try checkOrigin(request, context, refusing: "This origin may not join the queue here.")
        let body = try await read(QueueJoin.self, from: request, emptyAs: QueueJoin(), context)
        // A game the queue does not offer is refused before the limit counts a match it will not create.
        let pairingKey = try pairingKey(askedIn: body, context)
        if body.rated == true { try await checkRatedRequest(of: pairingKey.gameID, request, context) }
        // A signed-in visitor joins as its account: under the account's name (a `name` that differs is
        // ignored, as in a `login`), into a seat that is the account's, and never paired with an account
        // it blocks or that blocks it. A cookie that signs nobody in leaves the visitor a guest, who may
        // not take a registered player's name. Both refusals come before the limit counts a match.
        let account = accounts == nil ? nil : try await session(request)?.account
        if account == nil, let name = body.name { try await refuseRegisteredName(name, context) }
        try checkCreationLimit(context)
        let ticket = Secrets.newSeatToken()
        try await storingInQueue {
            try await queue.join(
                Self.queueKey(of: ticket), name: account?.name ?? body.name, pairingKey: pairingKey, account: account?.id)
        }
        matchmaker.pairSoon()
        let window = pairingKey.rated ? RatingWindow.width(after: .zero) : nil
        return .json(QueueStatus.waiting(seconds: 0, ticket: ticket, window: window), status: .created)
    }

    /// What the visitor asks to be paired for: the game `gameId` names, which must be one the queue
    /// offers; without one, the first it offers (Tic Tac Toe), as before the field existed. `400
    /// unknownGame` otherwise, with a sentence naming the games it offers.
    private func pairingKey(askedIn body: QueueJoin, _ context: AppRequestContext) throws -> PairingKey {
        let offered = registry.games.queueable
        let asked = body.gameId.map(GameID.init(rawValue:)) ?? offered.first?.id
        if let asked, offered.contains(where: { $0.id == asked }) {
            return PairingKey(gameID: asked, timeControl: body.clock.flatMap(TimeControl.init), rated: body.rated == true)
        }
        refused("a game the queue does not offer, answered 400", match: nil, context)
        let choices = "the games you can be paired for are \(Self.listed(offered.map(\.id.rawValue)))."
        let sentence: String
        if offered.isEmpty {
            sentence = "This server offers no game to be paired for."
        } else if let asked, let game = registry.games.game(asked) {
            sentence = "\(game.name) cannot be queued for; \(choices)"
        } else {
            sentence = "There is no game \"\(body.gameId?.prefix(40) ?? "")\"; \(choices)"
        }
        throw APIError(.badRequest, .unknownGame, sentence)
    }

    /// Names are not borrowed (issue 41): a guest asking for a registered player's name (the same once
    /// trimmed, normalised and case-folded, as a guest's `login` is looked up) is refused `409
    /// nameTaken`, nothing queued; `503` while the account storage cannot be reached, as nobody could
    /// say the name is free.
    private func refuseRegisteredName(_ name: String, _ context: AppRequestContext) async throws {
        guard let accounts else { return }
        let registered: Bool
        do {
            registered = try await StoredAccountLookup(ceremonies: accounts, clock: registry.clock).isRegistered(guestName: name)
        } catch {
            throw accountStorageUnavailable(error)
        }
        guard registered else { return }
        refused("a guest queueing under a registered player's name, answered 409", match: nil, context)
        throw APIError(.conflict, .nameTaken, ErrorCode.nameTaken.defaultMessage)
    }

    /// `["a", "b", "c"]` as "a, b and c".
    static func listed(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    private func renewInQueue(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        let body = try await read(QueueTicket.self, from: request, emptyAs: nil, context)
        guard let status = try await storingInQueue({ try await queue.renew(Self.queueKey(of: body.ticket)) }) else {
            refused("ticket not in the queue, answered 404", match: nil, context)
            throw APIError(.notFound, .badToken, "This ticket is not in the queue: it was cancelled, or not renewed in time.")
        }
        switch status {
        case .waiting(let seconds, let rated):
            matchmaker.pairSoon()
            return .json(QueueStatus.waiting(seconds: seconds, window: rated ? RatingWindow.width(after: .seconds(seconds)) : nil))
        case .paired(let seat):
            return .json(QueueStatus.paired(matchId: seat.matchID.rawValue, seat: WireSeat(seat.seat), token: seat.token))
        }
    }

    private func cancelInQueue(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        let body = try await read(QueueTicket.self, from: request, emptyAs: nil, context)
        try await storingInQueue { try await queue.leave(Self.queueKey(of: body.ticket)) }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// What the queue knows a ticket by: its hash, so that the ticket itself is stored nowhere.
    static func queueKey(of ticket: String) -> String {
        Secrets.tokenHash(ticket).map { String(format: "%02x", $0) }.joined()
    }

    /// The JSON body as `Body`, read strictly; `emptyAs` when the body is empty and that is allowed.
    /// `400 badMessage` otherwise, saying what is wrong (the queue's and the accounts' routes).
    func read<Body: StrictBody>(_ type: Body.Type, from request: Request, emptyAs empty: Body?, _ context: AppRequestContext)
        async throws -> Body
    {
        var request = request
        // `BodyLimitMiddleware` read the body already, refusing one over its limit.
        let text = String(buffer: try await request.collectBody(upTo: .max))
        if text.allSatisfy(\.isWhitespace), let empty { return empty }
        switch Body.read(strictly: text) {
        case .success(let body):
            return body
        case .failure(let refusal):
            refused("unreadable \(Body.self) body, answered 400", match: nil, context)
            throw APIError(.badRequest, .badMessage, refusal.reason)
        }
    }

    /// `body`, with a store that cannot be reached answered `503`.
    private func storingInQueue<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch {
            logger.error("the pairing queue could not be reached", metadata: ["error": "\(error)"])
            throw APIError.storageUnavailable
        }
    }
}
