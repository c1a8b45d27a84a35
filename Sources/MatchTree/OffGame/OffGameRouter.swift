import RIBs

/// What OffGame's router drives.
protocol OffGameInteractable: Interactable, BasicScoreBoardListener {
    var router: OffGameRouting? { get set }
    var listener: OffGameListener? { get set }
}

/// OffGame's view, as its router sees it: it shows the scoreboard within it.
protocol OffGameViewControllable: ViewControllable {
    func show(scoreBoardView: ViewControllable)
}

final class OffGameRouter: ViewableRouter<OffGameInteractable, OffGameViewControllable>, OffGameRouting {
    private let basicScoreBoardBuilder: BasicScoreBoardBuildable

    init(
        interactor: OffGameInteractable,
        viewController: OffGameViewControllable,
        basicScoreBoardBuilder: BasicScoreBoardBuildable
    ) {
        self.basicScoreBoardBuilder = basicScoreBoardBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        // The scoreboard lives as long as OffGame: it goes with this router when OffGame is detached.
        let scoreBoard = basicScoreBoardBuilder.build(withListener: interactor)
        attachChild(scoreBoard)
        viewController.show(scoreBoardView: scoreBoard.viewControllable)
    }
}
