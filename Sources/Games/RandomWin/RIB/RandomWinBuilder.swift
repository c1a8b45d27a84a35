import MatchTree
import MatchWords
import RIBs

/// What RandomWin needs from its parent: what LoggedIn gives every game, the random source included
/// (called once per roll).
typealias RandomWinDependency = GameDependency

final class RandomWinComponent: Component<RandomWinDependency> {
    var display: MatchDisplay { dependency.display }
    var drawWinner: () -> Seat { dependency.drawWinner }
}

/// Builds RandomWin, as LoggedIn builds every game.
protocol RandomWinBuildable: GameBuildable {}

final class RandomWinBuilder: Builder<RandomWinDependency>, RandomWinBuildable {
    /// RandomWin has no turns: either player may roll. `startingPlayer` counts in LoggedIn's rotation,
    /// and tells a computer whether the roll is its own.
    func build(withListener listener: GameListener, startingPlayer: Seat)
        -> (router: ViewableRouting, session: GameSession)
    {
        let component = RandomWinComponent(dependency: dependency)
        let viewController = RandomWinViewController(display: component.display)
        let interactor = RandomWinInteractor(presenter: viewController, drawWinner: component.drawWinner, startingPlayer: startingPlayer)
        interactor.listener = listener
        let router = RandomWinRouter(interactor: interactor, viewController: viewController)
        return (router, interactor)
    }
}
