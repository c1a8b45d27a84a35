/// What LoggedIn's scope gives OffGame: the score to show (and the display, on `LoggedInComponent`).
extension LoggedInComponent: OffGameDependency {
    var scoreStream: ScoreStream { mutableScoreStream }
}
