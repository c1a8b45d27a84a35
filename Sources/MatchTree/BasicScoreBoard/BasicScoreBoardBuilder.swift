import RIBs

/// What BasicScoreBoard needs from its parent.
protocol BasicScoreBoardDependency: Dependency {
    var scoreStream: ScoreStream { get }
    var display: MatchDisplay { get }
}

final class BasicScoreBoardComponent: Component<BasicScoreBoardDependency> {
    var scoreStream: ScoreStream { dependency.scoreStream }
    var display: MatchDisplay { dependency.display }
}

/// Builds BasicScoreBoard.
protocol BasicScoreBoardBuildable: AnyObject {
    func build(withListener listener: BasicScoreBoardListener) -> ViewableRouting
}

final class BasicScoreBoardBuilder: Builder<BasicScoreBoardDependency>, BasicScoreBoardBuildable {
    func build(withListener listener: BasicScoreBoardListener) -> ViewableRouting {
        let component = BasicScoreBoardComponent(dependency: dependency)
        let viewController = BasicScoreBoardViewController(display: component.display)
        let interactor = BasicScoreBoardInteractor(presenter: viewController, scoreStream: component.scoreStream)
        interactor.listener = listener
        return BasicScoreBoardRouter(interactor: interactor, viewController: viewController)
    }
}
