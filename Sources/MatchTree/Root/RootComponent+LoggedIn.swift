import MatchWords

/// What Root's scope gives LoggedIn, which has no view: its children and its score present
/// through Root's view, as in the tutorial.
extension RootComponent: LoggedInDependency {
    var loggedInViewController: LoggedInViewControllable { rootViewController }
    var loggedInPresenter: LoggedInPresentable { rootViewController }
    var games: [any GameDefinition] { dependency.games }
    var drawWinner: () -> Seat { dependency.drawWinner }
    var computerPick: ComputerPick { dependency.computerPick }
    var timeControl: TimeControl? { dependency.timeControl }
}
