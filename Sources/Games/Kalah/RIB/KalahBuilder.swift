import MatchTree
import MatchWords
import RIBs

/// What Kalah needs from its parent: what LoggedIn gives every game.
typealias KalahDependency = GameDependency

final class KalahComponent: Component<KalahDependency> {
    var display: MatchDisplay { dependency.display }
}

/// Builds Kalah, as LoggedIn builds every game.
protocol KalahBuildable: GameBuildable {}

final class KalahBuilder: Builder<KalahDependency>, KalahBuildable {
    func build(withListener listener: GameListener, startingPlayer: Seat) -> (router: ViewableRouting, session: GameSession) {
        let component = KalahComponent(dependency: dependency)
        let viewController = KalahViewController(display: component.display)
        let interactor = KalahInteractor(presenter: viewController, startingPlayer: startingPlayer)
        interactor.listener = listener
        let router = KalahRouter(interactor: interactor, viewController: viewController)
        return (router, interactor)
    }
}
