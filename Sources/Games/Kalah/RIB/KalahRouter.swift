import MatchTree
import RIBs

/// What Kalah's router drives.
protocol KalahInteractable: Interactable {
    var router: KalahRouting? { get set }
    var listener: KalahListener? { get set }
}

/// Kalah's view, as its router sees it.
protocol KalahViewControllable: ViewControllable {}

final class KalahRouter: ViewableRouter<KalahInteractable, KalahViewControllable>, KalahRouting {
    override init(interactor: KalahInteractable, viewController: KalahViewControllable) {
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }
}
