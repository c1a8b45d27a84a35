import MatchTree
import MatchWords
import RIBs

/// What Connect Four needs from its parent: what LoggedIn gives every game.
typealias ConnectFourDependency = GameDependency

final class ConnectFourComponent: Component<ConnectFourDependency> {
    var display: MatchDisplay { dependency.display }
}

/// Builds Connect Four, as LoggedIn builds every game.
protocol ConnectFourBuildable: GameBuildable {}

final class ConnectFourBuilder: Builder<ConnectFourDependency>, ConnectFourBuildable {
    func build(withListener listener: GameListener, startingPlayer: Seat) -> (router: ViewableRouting, session: GameSession) {
        let component = ConnectFourComponent(dependency: dependency)
        let viewController = ConnectFourViewController(display: component.display)
        let interactor = ConnectFourInteractor(presenter: viewController, startingPlayer: startingPlayer)
        interactor.listener = listener
        let router = ConnectFourRouter(interactor: interactor, viewController: viewController)
        return (router, interactor)
    }
}
