import Accounts
import Foundation
import Hummingbird
import MatchHosting
import MatchWords
import RatingStore
import Ratings
import WebSocketTransport
import WireProtocol

/// The ratings' read routes (issue 42, an extension): a game's leaderboard and a player's ratings
/// with their latest rated games, and the two pages that show them. Every figure goes out rounded half
/// up (`WireRounding`).
extension Routes {
    func addRatings(to router: Router<AppRequestContext>) {
        router.get("/api/leaderboard") { request, context in try await leaderboard(request, context) }
        router.get("/api/players/{name}") { _, context in try await player(context) }
        // The pages read the API themselves: an unknown player's page says so from the API's 404.
        router.get("/leaderboard") { _, _ in try pages.page("leaderboard.html") }
        router.get("/p/{name}") { _, _ in try pages.page("player.html") }
    }

    /// How many players a leaderboard shows, and how many games a player's page lists.
    static let leaderboardSize = 100
    static let recentRatedGames = 20

    private func leaderboard(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try requireReady()
        let asked = request.uri.queryParameters.get("gameId") ?? ""
        let rated = registry.games.rated.map(\.id)
        guard rated.contains(GameID(rawValue: asked)) else {
            refused("a leaderboard of a game without ratings, answered 400", match: nil, context)
            let choices = "the games with ratings are \(Self.listed(rated.map(\.rawValue)))."
            let sentence =
                registry.games.game(GameID(rawValue: asked)).map { "\($0.name) has no ratings; \(choices)" }
                ?? "There is no game \"\(asked.prefix(40))\" with ratings; \(choices)"
            throw APIError(.badRequest, .unknownGame, sentence)
        }
        let entries = try await reachingRatings { try await $0.leaderboard(gameID: asked, limit: Self.leaderboardSize) }
        return .json(
            Leaderboard(
                gameId: asked,
                players: entries.map {
                    Leaderboard.Player(
                        name: $0.name, rating: WireRounding.halfUp($0.rating), rd: WireRounding.halfUp($0.deviation), games: $0.games)
                }))
    }

    private func player(_ context: AppRequestContext) async throws -> Response {
        try requireReady()
        // The path holds the name percent-encoded (a space, `Zoë`, a Korean name): the router does not decode it.
        let name = context.parameters.get("name")?.removingPercentEncoding ?? ""
        let account: Account?
        do {
            account = try await accountsReady().store.account(named: name)
        } catch let error as APIError {
            throw error
        } catch {
            throw accountStorageUnavailable(error)
        }
        guard let account else {
            refused("a player page of a name no account has, answered 404", match: nil, context)
            throw APIError(.notFound, .playerNotFound, "There is no registered player with that name.")
        }
        let (ratings, recent) = try await reachingRatings { store in
            (try await store.ratings(of: account.id), try await store.recentGames(of: account.id, limit: Self.recentRatedGames))
        }
        return .json(PlayerProfile(account: account, ratings: ratings, recent: recent))
    }

    /// `body` on the rating store, with a store that cannot be reached answered `503`.
    private func reachingRatings<Value>(_ body: (any RatingStore) async throws -> Value) async throws -> Value {
        guard let ratings else { throw APIError.ratingStorageUnavailable }
        do {
            return try await body(ratings)
        } catch {
            logger.warning("rating storage unreachable: \(error)")
            throw APIError.ratingStorageUnavailable
        }
    }
}

extension APIError {
    /// The answer when the ratings cannot be read (a PostgreSQL server that does not answer, or a
    /// read-only store that keeps none): `matchNotFound` on `503`, as every storage failure.
    static let ratingStorageUnavailable = APIError(
        .serviceUnavailable, .matchNotFound, "The rating storage cannot be reached right now; try again shortly.")
}

extension PlayerProfile {
    /// The wire form of an account's stored ratings and latest rated games.
    init(account: Account, ratings: [PlayerRating], recent: [RatedGameRecord]) {
        self.init(
            name: account.name,
            ratings: Dictionary(
                ratings.map { rating in
                    (
                        rating.gameID,
                        GameRating(
                            rating: WireRounding.halfUp(rating.rating), rd: WireRounding.halfUp(rating.deviation),
                            provisional: rating.provisional, games: rating.games, wins: rating.wins, losses: rating.losses,
                            draws: rating.draws)
                    )
                }, uniquingKeysWith: { first, _ in first }),
            recent: recent.compactMap { record in
                record.side(of: account.id).map { side in
                    RecentGame(
                        matchId: record.game.matchID, gameNumber: record.game.gameNumber, gameId: record.game.gameID,
                        opponent: side.opponent.name, result: side.score.rawValue,
                        ratingAfter: WireRounding.halfUp(side.change.after), endedAt: record.game.endedAt.wireTimestamp)
                }
            })
    }
}
