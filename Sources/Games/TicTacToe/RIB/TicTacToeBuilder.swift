import MatchTree
import MatchWords
import RIBs

/// What TicTacToe needs from its parent: what LoggedIn gives every game.
typealias TicTacToeDependency = GameDependency

final class TicTacToeComponent: Component<TicTacToeDependency> {
    var display: MatchDisplay { dependency.display }
}

/// Builds TicTacToe, as LoggedIn builds every game.
protocol TicTacToeBuildable: GameBuildable {}

final class TicTacToeBuilder: Builder<TicTacToeDependency>, TicTacToeBuildable {
    func build(withListener listener: GameListener, startingPlayer: Seat)
        -> (router: ViewableRouting, session: GameSession)
    {
        let component = TicTacToeComponent(dependency: dependency)
        let viewController = TicTacToeViewController(display: component.display)
        let interactor = TicTacToeInteractor(presenter: viewController, startingPlayer: startingPlayer)
        interactor.listener = listener
        let router = TicTacToeRouter(interactor: interactor, viewController: viewController)
        return (router, interactor)
    }
}
