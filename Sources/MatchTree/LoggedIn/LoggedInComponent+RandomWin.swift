/// What LoggedIn's scope gives RandomWin: the match's random source.
extension LoggedInComponent: RandomWinDependency {
    var drawWinner: () -> Seat { dependency.drawWinner }
}
