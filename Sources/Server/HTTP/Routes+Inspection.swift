import Hummingbird
import MatchStore
import MatchWords
import WebSocketTransport
import WireProtocol

/// The routes that look inside a match (extensions, docs/PROTOCOL.md): its live RIB tree, its games
/// as the log tells them, and the page that replays one of them.
extension Routes {
    func addInspection(to router: Router<AppRequestContext>) {
        router.get("/api/matches/{matchId}/ribs") { _, context in try await ribs(context) }
        router.get("/api/matches/{matchId}/games") { request, context in try await games(request, context) }
        router.get("/m/{matchId}/games/{number}") { _, context in try await replayPage(context) }
    }

    /// The replay view of game n of a match that exists (the page says when the match has no game n).
    private func replayPage(_ context: AppRequestContext) async throws -> Response {
        try requireReady()
        guard let number = context.parameters.get("number"), Self.positiveInteger(number, default: 0) != nil,
            let id = matchID(context), try await registry.exists(id)
        else {
            refused("unknown match or game number, answered the 404 page", match: context.parameters.get("matchId"), context)
            return try pages.notFound()
        }
        return try pages.page("replay.html")
    }

    /// The match's RIB tree, loading the match when it is not in memory (as a connection would).
    private func ribs(_ context: AppRequestContext) async throws -> Response {
        try requireReady()
        guard let id = matchID(context) else { return try unknownMatch(context) }
        do {
            let tree = try await registry.ribTree(of: id)
            return .json(MatchRIBs(matchId: id.rawValue, root: MatchRIBs.RIB(tree)))
        } catch .notFound {
            return try unknownMatch(context)
        } catch .shuttingDown {
            throw APIError.unavailable
        } catch .unreadable {
            throw APIError.storageUnavailable
        }
    }

    /// One page of the match's games, from its stored log: `?from=N` (the first game's number, 1 by
    /// default) and `?limit=M` (20 by default, at most `MatchGames.maxLimit`).
    private func games(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        let query = request.uri.queryParameters
        guard let from = Self.positiveInteger(query.get("from"), default: 1),
            let limit = Self.positiveInteger(query.get("limit"), default: Self.defaultGamesLimit)
        else {
            refused("bad paging, answered 400", match: context.parameters.get("matchId"), context)
            throw APIError(.badRequest, .badMessage, "from and limit must be whole numbers from 1 up.")
        }
        guard let id = matchID(context) else { return try unknownMatch(context) }
        let found: (games: [MatchGames.Game], timeControl: WireTimeControl?)?
        do {
            found = try await registry.games(of: id)
        } catch MatchStoreError.unavailable {
            throw APIError.storageUnavailable
        }
        guard let (all, timeControl) = found else { return try unknownMatch(context) }
        let page = all.dropFirst(from - 1).prefix(min(limit, MatchGames.maxLimit))
        let next = page.last.map { $0.number + 1 }.flatMap { $0 <= all.count ? $0 : nil }
        return .json(MatchGames(matchId: id.rawValue, total: all.count, games: Array(page), next: next, timeControl: timeControl))
    }

    /// How many games a page holds when `limit` is not given.
    static let defaultGamesLimit = 20

    /// `text` as a whole number from 1 up; `fallback` when absent; nil when it is something else.
    static func positiveInteger(_ text: String?, default fallback: Int) -> Int? {
        guard let text else { return fallback }
        guard text.count <= 9, let value = Int(text), value >= 1 else { return nil }
        return value
    }

    private func unknownMatch(_ context: AppRequestContext) throws -> Response {
        refused("unknown match, answered 404", match: context.parameters.get("matchId"), context)
        throw APIError.matchNotFound
    }
}
