import RatingStore
import Ratings
import WireProtocol

/// An account seat's rating as `presence` and the snapshot show it (issue 42): rounded half up.
struct SeatRating: Equatable {
    let rating: Int
    let provisional: Bool

    /// The stored rating of a player in the match's current game id.
    init(_ stored: PlayerRating) {
        rating = stored.shownRating
        provisional = stored.provisional
    }

    /// The rating a rated game left a player with.
    init(after change: RatingChange) {
        rating = WireRounding.halfUp(change.after)
        provisional = change.provisional
    }

    /// A player without a rated game in the game id: the rules' new player.
    static let newPlayer = SeatRating(rating: WireRounding.halfUp(RatingStoreRules.rules.newPlayer.rating), provisional: true)

    private init(rating: Int, provisional: Bool) {
        self.rating = rating
        self.provisional = provisional
    }
}

extension WireRatingChange {
    /// A side's change as the wire tells it: rounded half up.
    package init(_ change: RatingChange) {
        self.init(before: WireRounding.halfUp(change.before), after: WireRounding.halfUp(change.after), provisional: change.provisional)
    }
}

extension WireRatings {
    /// Both sides' changes of a stored rated game, as `gameOver` and the games API tell them.
    package init(_ record: RatedGameRecord) {
        self.init(player1: WireRatingChange(record.player1), player2: WireRatingChange(record.player2))
    }
}
