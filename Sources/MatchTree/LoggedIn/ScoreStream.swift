import MatchWords
import RIBs

/// The pair's score (tutorial 3): the current one first, then every change.
protocol ScoreStream: AnyObject {
    var score: Observable<Score> { get }
}

/// The score stream LoggedIn updates when a game ends.
protocol MutableScoreStream: ScoreStream {
    /// Counts one more game: a win for `winner`, a draw when nil.
    func updateScore(withWinner winner: Seat?)
}

final class ScoreStreamImpl: MutableScoreStream {
    private let relay: BehaviorRelay<Score>

    init(player1Name: String, player2Name: String) {
        relay = BehaviorRelay(value: Score(player1Name: player1Name, player2Name: player2Name))
    }

    var score: Observable<Score> { relay.asObservable() }

    func updateScore(withWinner winner: Seat?) {
        relay.accept(relay.value.adding(winner: winner))
    }
}
