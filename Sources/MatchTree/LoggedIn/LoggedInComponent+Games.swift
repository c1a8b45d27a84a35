import MatchWords

/// What LoggedIn's scope gives every game: the display (declared on `LoggedInComponent`) and the
/// match's random source.
extension LoggedInComponent: GameDependency {
    var drawWinner: () -> Seat { dependency.drawWinner }
}
