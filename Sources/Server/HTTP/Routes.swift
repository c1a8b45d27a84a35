import Accounts
import Foundation
import GameUnits
import Hummingbird
import Logging
import MatchHosting
import MatchStore
import MatchWords
import RatingStore
import WebSocketTransport
import WireProtocol

/// The HTTP routes of docs/PROTOCOL.md; the WebSocket route is in `WebSocketRoute`.
struct Routes: Sendable {
    let registry: MatchRegistry
    let state: ServerState
    let pages: Pages
    let originPolicy: OriginPolicy
    /// One limit per address for everything that ends in a new match: creating one, a deep link's
    /// launch, joining the queue.
    let creationLimiter: AddressRateLimiter
    let matchmaker: Matchmaker
    /// The passkey ceremonies and sessions of accounts; nil when the store cannot keep them (read-only).
    let accounts: PasskeyCeremonies?
    /// The ratings (issue 42), beside the accounts; nil when the store cannot keep them (read-only).
    let ratings: (any RatingStore)?
    /// Whether the server speaks TLS: the session cookie is then `Secure`.
    let usesTLS: Bool
    /// One limit per address for the passkey options, each of which stores a challenge: a client
    /// asking in a loop fills no table.
    let ceremonyLimiter: AddressRateLimiter
    let logger: Logger

    func add(to router: Router<AppRequestContext>) {
        router.get("/healthz") { _, _ in health() }
        router.get("/") { _, _ in try pages.page("index.html") }
        router.get("/m/{matchId}") { _, context in try await matchPage(context) }
        router.get("/launchGame") { request, context in try await launchGame(request, context) }
        router.post("/api/matches") { request, context in try await createMatch(request, context) }
        router.get("/api/matches") { request, context in try await listMatches(request, context) }
        router.get("/api/matches/{matchId}") { _, context in try await matchSummary(context) }
        addInspection(to: router)
        addQueue(to: router)
        addPasskeys(to: router)
        addSession(to: router)
        addBlocks(to: router)
        addRatings(to: router)
    }

    private func health() -> Response {
        switch state.current {
        case .ready where registry.storageHealth.isFailing || registry.storeIsReconnecting:
            .json(HealthStatus(status: "degraded"), status: .serviceUnavailable)
        case .ready: .json(HealthStatus(status: "ok"))
        case .starting: .json(HealthStatus(status: "starting"), status: .serviceUnavailable)
        case .draining: .json(HealthStatus(status: "draining"), status: .serviceUnavailable)
        }
    }

    func requireReady() throws {
        guard state.current == .ready else {
            throw APIError.unavailable
        }
    }

    /// The match id of a `{matchId}` route, or nil when it cannot be one.
    func matchID(_ context: AppRequestContext) -> MatchID? {
        context.parameters.get("matchId").flatMap(MatchID.init(requested:))
    }

    private func matchPage(_ context: AppRequestContext) async throws -> Response {
        try requireReady()
        guard let id = matchID(context), try await registry.exists(id) else {
            refused("unknown match, answered the 404 page", match: context.parameters.get("matchId"), context)
            return try pages.notFound()
        }
        return try pages.page("match.html")
    }

    private func launchGame(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        guard let gameId = request.uri.queryParameters.get("gameId"), registry.games.game(GameID(rawValue: gameId)) != nil else {
            refused(
                "unknown or missing gameId, answered 400", match: request.uri.queryParameters.get("matchId").map { String($0) }, context)
            // A person who followed a link lands on the lobby, which says what went wrong and offers
            // the games; a program that asked for JSON gets the error body.
            if AcceptPreference.prefersHTML(request.headers[.accept]) {
                return try pages.page("index.html", status: .badRequest)
            }
            throw APIError(
                .badRequest, .unknownGame,
                "Unknown or missing gameId; known games: \(registry.games.games.map(\.id.rawValue).joined(separator: ", ")).")
        }
        let id: MatchID
        if let requested = request.uri.queryParameters.get("matchId") {
            guard let requestedID = MatchID(requested: requested), try await registry.exists(requestedID) else {
                refused("unknown match, answered the 404 page", match: String(requested), context)
                return try pages.notFound()
            }
            id = requestedID
        } else {
            try checkCreationLimit(context)
            id = try await createStored()
        }
        return Response(status: .seeOther, headers: [.location: "/m/\(id)?gameId=\(gameId)"])
    }

    private func createMatch(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        try checkOrigin(request, context, refusing: "This origin may not create a match here.")
        // A bad body is refused before the limit counts a match it will not create.
        let asked = try await requestedMatch(request, context)
        try checkCreationLimit(context)
        if asked.rated { try await checkRatedRequest(of: asked.gameID.map(GameID.init(rawValue:)), request, context) }
        let id = try await createStored(
            seating: asked.seating, launching: asked.gameID, listed: asked.listed, timeControl: asked.timeControl, rated: asked.rated)
        return .json(CreatedMatch(matchId: id.rawValue, url: "/m/\(id)"), status: .created, headers: [.location: "/m/\(id)"])
    }

    /// Who the body of `POST /api/matches` asks to seat at once (docs/PROTOCOL.md, "Playing the
    /// computer") and whether it asks for the lobby to list the match: nobody and private without a
    /// body; `400` with the error body for one that cannot be read.
    private func requestedMatch(
        _ request: Request, _ context: AppRequestContext
    ) async throws -> (seating: [SeatOccupant], gameID: String?, listed: Bool, timeControl: TimeControl?, rated: Bool) {
        var request = request
        // `BodyLimitMiddleware` read the body already, refusing one over its limit.
        let body = try await request.collectBody(upTo: .max)
        let refusal: String
        switch NewMatch.read(body: String(buffer: body)) {
        case .success(nil):
            return ([], nil, false, nil, false)
        case .success(let asked?):
            let timeControl = asked.clock.flatMap(TimeControl.init)
            if let gameId = asked.gameId, registry.games.game(GameID(rawValue: gameId)) == nil {
                refused("unknown gameId of a new match, answered 400", match: nil, context)
                throw APIError(
                    .badRequest, .unknownGame,
                    "There is no game \"\(gameId.prefix(40))\"; the games are \(registry.games.games.map(\.id.rawValue).joined(separator: ", "))."
                )
            }
            guard let levelName = asked.level else { return ([], asked.gameId, asked.listed == true, timeControl, asked.rated == true) }
            if let level = ComputerLevel(rawValue: levelName) { return ([.computer(level)], asked.gameId, false, timeControl, false) }
            refusal = "There is no level \"\(levelName.prefix(40))\"; the levels are \(Self.levelNames)."
        case .failure(let unreadable):
            refusal = unreadable.reason
        }
        refused("unreadable body of a new match, answered 400", match: nil, context)
        throw APIError(.badRequest, .badMessage, refusal)
    }

    private static let levelNames = ComputerLevel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " and ")

    /// A new match, stored with `seating` seated; `503` with the error body when the store cannot write
    /// (a full disk).
    private func createStored(
        seating: [SeatOccupant] = [], launching gameID: String? = nil, listed: Bool = false, timeControl: TimeControl? = nil,
        rated: Bool = false
    ) async throws -> MatchID {
        do {
            return try await registry.create(seating: seating, launching: gameID, listed: listed, timeControl: timeControl, rated: rated).id
        } catch {
            throw APIError(.serviceUnavailable, .matchNotFound, "The server cannot store a new match right now; try again later.")
        }
    }

    /// Logs a refusal once: the reason, the client, and the match it was about, if any.
    func refused(_ reason: String, match: String?, _ context: AppRequestContext) {
        var metadata: Logger.Metadata = ["reason": "\(reason)", "address": "\(context.clientAddress)"]
        if let match { metadata["match"] = "\(MatchID.loggable(match))" }
        logger.notice("refused", metadata: metadata)
    }

    /// A page of another site may post on a visitor's behalf: the WebSocket's Origin rule decides;
    /// `403 badMessage` with `sentence` when it refuses.
    func checkOrigin(_ request: Request, _ context: AppRequestContext, refusing sentence: String) throws {
        guard originPolicy.allows(origin: request.headers[.origin], authority: context.client.authority) else {
            refused("origin not allowed, answered 403", match: nil, context)
            throw APIError(.forbidden, .badMessage, sentence)
        }
    }

    func checkCreationLimit(_ context: AppRequestContext) throws {
        guard creationLimiter.allow(context.clientAddress) else {
            refused("too many matches created, answered 429", match: nil, context)
            throw APIError(.tooManyRequests, .rateLimited, "Too many matches created from your address; wait a minute.")
        }
    }

    /// The lobby's list; `?activeWithin=SECONDS` keeps only the matches someone was connected to in
    /// the last that many seconds.
    private func listMatches(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        var cutoff: Date?
        if let text = request.uri.queryParameters.get("activeWithin") {
            guard let seconds = Self.positiveInteger(text, default: 0) else {
                refused("bad activeWithin, answered 400", match: nil, context)
                throw APIError(.badRequest, .badMessage, "activeWithin must be a whole number of seconds from 1 up.")
            }
            // On the server's clock, which tells when matches were last active.
            cutoff = registry.clock.moment().date.addingTimeInterval(-TimeInterval(seconds))
        }
        do {
            return .json(MatchList(matches: try await registry.openMatches(limit: 50, activeSince: cutoff)))
        } catch MatchStoreError.unavailable {
            throw APIError.storageUnavailable
        }
    }

    private func matchSummary(_ context: AppRequestContext) async throws -> Response {
        try requireReady()
        var found: MatchSummary?
        if let id = matchID(context) {
            do {
                found = try await registry.summary(of: id)
            } catch MatchStoreError.unavailable {
                throw APIError.storageUnavailable
            }
        }
        guard let summary = found else {
            refused("unknown match, answered 404", match: context.parameters.get("matchId"), context)
            throw APIError.matchNotFound
        }
        return .json(summary)
    }
}
