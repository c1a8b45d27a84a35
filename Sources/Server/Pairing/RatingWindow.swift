/// How far apart in rating two rated seekers of "Play someone now" may be paired (issue 42): 100 at
/// first, 50 wider every 5 s of waiting, at most 500. Both seekers' windows must cover the gap, so the
/// one who has just arrived is never matched far off because the other has waited long.
import RatingStore
import Ratings

enum RatingWindow {
    static let initial = 100
    static let step = 50
    static let stepEvery = Duration.seconds(5)
    static let widest = 500
    /// The rating of a seeker without a rated game in the game id: the rules' new player's.
    static let newPlayer = WireRounding.halfUp(RatingStoreRules.rules.newPlayer.rating)

    /// The window of a seeker who has waited `waited`.
    static func width(after waited: Duration) -> Int {
        let steps = Int(max(.zero, waited) / stepEvery)
        return min(widest, initial + step * steps)
    }

    /// Whether two seekers rated `first` and `second`, who have waited `firstWaited` and `secondWaited`,
    /// may be paired now.
    static func covers(_ first: Int, _ second: Int, firstWaited: Duration, secondWaited: Duration) -> Bool {
        let gap = abs(first - second)
        return gap <= width(after: firstWaited) && gap <= width(after: secondWaited)
    }
}
