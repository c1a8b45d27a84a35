import MatchWords
import RIBs

/// What BasicScoreBoard's interactor asks of its router: nothing, it has no children.
protocol BasicScoreBoardRouting: ViewableRouting {}

/// What BasicScoreBoard's interactor asks of its view.
protocol BasicScoreBoardPresentable: AnyObject {
    func present(score: Score)
}

/// What BasicScoreBoard tells its parent: nothing.
protocol BasicScoreBoardListener: AnyObject {}

/// BasicScoreBoard (tutorial 4): shows the pair's score while it is attached.
final class BasicScoreBoardInteractor: PresentableInteractor<BasicScoreBoardPresentable>,
    BasicScoreBoardInteractable
{
    weak var router: BasicScoreBoardRouting?
    weak var listener: BasicScoreBoardListener?

    private let scoreStream: ScoreStream

    init(presenter: BasicScoreBoardPresentable, scoreStream: ScoreStream) {
        self.scoreStream = scoreStream
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        scoreStream.score
            .subscribe { [weak self] score in self?.presenter.present(score: score) }
            .disposeOnDeactivate(interactor: self)
    }
}
