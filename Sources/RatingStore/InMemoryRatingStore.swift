import Foundation

/// A `RatingStore` in memory, for tests and for a server run without a durable store. It knows no
/// accounts, so it cannot refuse an unknown one (the durable stores refuse it by a foreign key).
public actor InMemoryRatingStore: RatingStore {
    private struct Key: Hashable {
        let matchID: String
        let gameNumber: Int
    }

    private struct PlayerKey: Hashable {
        let accountID: String
        let gameID: String
    }

    private var games: [Key: RatedGameRecord] = [:]
    private var ratings: [PlayerKey: (name: String, rating: PlayerRating)] = [:]

    public init() {}

    public func apply(_ game: RatedGame) throws -> RatedGameRecord {
        let key = Key(matchID: game.matchID, gameNumber: game.gameNumber)
        if let stored = games[key] { return stored }
        try game.validate()
        let first = PlayerKey(accountID: game.player1.accountID, gameID: game.gameID)
        let second = PlayerKey(accountID: game.player2.accountID, gameID: game.gameID)
        let update = RatingUpdate(game: game, player1: ratings[first]?.rating, player2: ratings[second]?.rating)
        ratings[first] = (game.player1.name, update.player1)
        ratings[second] = (game.player2.name, update.player2)
        games[key] = update.record
        return update.record
    }

    public func ratedGame(matchID: String, gameNumber: Int) -> RatedGameRecord? {
        games[Key(matchID: matchID, gameNumber: gameNumber)]
    }

    public func ratings(of accountID: String) -> [PlayerRating] {
        ratings.filter { $0.key.accountID == accountID }.map(\.value.rating).sorted { $0.gameID < $1.gameID }
    }

    public func recentGames(of accountID: String, limit: Int) -> [RatedGameRecord] {
        Array(games.values.filter { $0.side(of: accountID) != nil }.sorted(by: RatedGameRecord.newestFirst).prefix(max(0, limit)))
    }

    public func leaderboard(gameID: String, limit: Int) -> [LeaderboardEntry] {
        let rankable = ratings.filter { $0.key.gameID == gameID && $0.value.rating.rankable }
        let ordered = rankable.sorted { left, right in
            let (a, b) = (left.value.rating.shownRating, right.value.rating.shownRating)
            if a != b { return a > b }
            return RatingUpdate.canonicalName(left.value.name) < RatingUpdate.canonicalName(right.value.name)
        }
        return ordered.prefix(max(0, limit)).map {
            LeaderboardEntry(
                accountID: $0.key.accountID, name: $0.value.name, rating: $0.value.rating.rating, deviation: $0.value.rating.deviation,
                games: $0.value.rating.games)
        }
    }
}
