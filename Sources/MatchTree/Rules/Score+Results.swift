import MatchWords

extension Score {
    /// This score with one more game ended: a win for `winner`, or a draw when it is nil.
    func adding(winner: Seat?) -> Score {
        var score = self
        switch winner {
        case .player1: score.player1Wins += 1
        case .player2: score.player2Wins += 1
        case nil: score.draws += 1
        }
        return score
    }
}
