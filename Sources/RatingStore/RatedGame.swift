import Foundation
import Ratings

/// An account in a rated game: its id, and its name as the account has it (shown on the leaderboard
/// and as the opponent on a player's page; accounts are never renamed).
public struct RatedPlayer: Equatable, Sendable {
    public let accountID: String
    public let name: String

    public init(accountID: String, name: String) {
        self.accountID = accountID
        self.name = name
    }
}

/// How a rated game ended, from the seats' point of view. An aborted game is not rated at all.
public enum RatedResult: String, Sendable, CaseIterable {
    case player1Won, player2Won, draw

    /// Player 1's score; player 2's is its opposite.
    public var player1Score: GameScore {
        switch self {
        case .player1Won: .win
        case .player2Won: .loss
        case .draw: .draw
        }
    }
}

/// A rated game's ending as the match's log tells it: what `RatingStore.apply` is given. The match id
/// and the game's number (1 for a match's first game, as the games API counts) are its key.
public struct RatedGame: Equatable, Sendable {
    public let matchID: String
    public let gameNumber: Int
    public let gameID: String
    public let player1: RatedPlayer
    public let player2: RatedPlayer
    public let result: RatedResult
    public let endedAt: Date

    public init(
        matchID: String, gameNumber: Int, gameID: String, player1: RatedPlayer, player2: RatedPlayer, result: RatedResult, endedAt: Date
    ) {
        self.matchID = matchID
        self.gameNumber = gameNumber
        self.gameID = gameID
        self.player1 = player1
        self.player2 = player2
        self.result = result
        self.endedAt = endedAt
    }
}

/// One side's rating change in a rated game: what `gameOver` tells the players (rounded half up).
public struct RatingChange: Equatable, Sendable {
    public let before: Double
    public let after: Double
    public let deviationAfter: Double
    /// Whether the rating after the game is provisional (RD ≥ 110).
    public let provisional: Bool

    public init(before: Double, after: Double, deviationAfter: Double, provisional: Bool) {
        self.before = before
        self.after = after
        self.deviationAfter = deviationAfter
        self.provisional = provisional
    }
}

/// A rated game as the store keeps it: the game and both sides' changes, written once.
public struct RatedGameRecord: Equatable, Sendable {
    public let game: RatedGame
    public let player1: RatingChange
    public let player2: RatingChange

    public init(game: RatedGame, player1: RatingChange, player2: RatingChange) {
        self.game = game
        self.player1 = player1
        self.player2 = player2
    }

    /// `accountID`'s side of the game: its score, its change and its opponent; nil when it did not play.
    public func side(of accountID: String) -> (score: GameScore, change: RatingChange, opponent: RatedPlayer)? {
        if game.player1.accountID == accountID { return (game.result.player1Score, player1, game.player2) }
        if game.player2.accountID == accountID { return (game.result.player1Score.opposite, player2, game.player1) }
        return nil
    }
}
