import Foundation

/// Why a rating store refused to apply a game; nothing was written.
public enum RatingStoreError: Error, Equatable, Sendable {
    /// Both seats are one account: nobody is rated against themselves.
    case samePlayer
    /// A side is not a stored account (only accounts are rated).
    case accountNotFound
    /// The game's number is not a whole number from 1 up, or its game id is empty.
    case badGame
}

/// Where ratings live (issue 42): per account and game id the rating, RD, volatility and record, and
/// each rated game once. Every store (memory, SQLite, PostgreSQL) keeps the same promises, which
/// `RatingStoreContract` checks.
///
/// Exactly once: `apply` is keyed by the match id and the game's number. The first call computes
/// both players' new ratings from their rows as they stand and writes the rows and the game's record
/// in one transaction; every later call with the same key (a retry, a replay after a crash, another
/// server of a cluster at the same moment) writes nothing and returns the record the first wrote,
/// whatever else it is given. So whoever ends a rated game may apply it as often as it likes until
/// it has the answer, and tells the players only that answer.
public protocol RatingStore: Sendable {
    /// Rates `game` once and returns its stored record (the first one's, if it was rated before).
    /// - Throws: `RatingStoreError` for a game that cannot be rated; the store's errors when unreachable.
    func apply(_ game: RatedGame) async throws -> RatedGameRecord
    /// The stored record of game `gameNumber` of match `matchID`, if it was rated.
    func ratedGame(matchID: String, gameNumber: Int) async throws -> RatedGameRecord?
    /// The account's rating in each game id it has played rated, by game id.
    func ratings(of accountID: String) async throws -> [PlayerRating]
    /// The account's latest rated games, newest first (by ending, then match and game number), at most `limit`.
    func recentGames(of accountID: String, limit: Int) async throws -> [RatedGameRecord]
    /// The best rankable ratings of `gameID` (RD ≤ 75): highest shown rating first, ties by the
    /// canonical name, at most `limit`.
    func leaderboard(gameID: String, limit: Int) async throws -> [LeaderboardEntry]
}

extension RatedGame {
    /// What every store checks before it reads anything.
    public func validate() throws(RatingStoreError) {
        guard gameNumber >= 1, !gameID.isEmpty, !matchID.isEmpty else { throw .badGame }
        guard player1.accountID != player2.accountID else { throw .samePlayer }
    }
}

/// The order of a player's recent games, the same in every store.
extension RatedGameRecord {
    public static func newestFirst(_ left: RatedGameRecord, _ right: RatedGameRecord) -> Bool {
        let (a, b) = (left.game, right.game)
        if a.endedAt != b.endedAt { return a.endedAt > b.endedAt }
        if a.matchID != b.matchID { return a.matchID > b.matchID }
        return a.gameNumber > b.gameNumber
    }
}
