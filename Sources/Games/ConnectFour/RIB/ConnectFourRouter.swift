import MatchTree
import MatchWords
import RIBs

/// What Connect Four's router drives.
protocol ConnectFourInteractable: Interactable {
    var router: ConnectFourRouting? { get set }
    var listener: ConnectFourListener? { get set }
}

/// Connect Four's view, as its router sees it.
protocol ConnectFourViewControllable: ViewControllable {}

final class ConnectFourRouter: ViewableRouter<ConnectFourInteractable, ConnectFourViewControllable>, ConnectFourRouting {
    override init(interactor: ConnectFourInteractable, viewController: ConnectFourViewControllable) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}
