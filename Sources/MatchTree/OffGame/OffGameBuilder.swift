import RIBs

/// What OffGame needs from its parent.
protocol OffGameDependency: Dependency {
    var scoreStream: ScoreStream { get }
    var display: MatchDisplay { get }
}

final class OffGameComponent: Component<OffGameDependency> {
    var scoreStream: ScoreStream { dependency.scoreStream }
    var display: MatchDisplay { dependency.display }
}

/// Builds OffGame.
protocol OffGameBuildable: AnyObject {
    /// OffGame offering `games`.
    func build(withListener listener: OffGameListener, games: [Game]) -> ViewableRouting
}

final class OffGameBuilder: Builder<OffGameDependency>, OffGameBuildable {
    func build(withListener listener: OffGameListener, games: [Game]) -> ViewableRouting {
        let component = OffGameComponent(dependency: dependency)
        let viewController = OffGameViewController(display: component.display)
        let interactor = OffGameInteractor(presenter: viewController, games: games)
        interactor.listener = listener
        return OffGameRouter(
            interactor: interactor,
            viewController: viewController,
            basicScoreBoardBuilder: BasicScoreBoardBuilder(dependency: component)
        )
    }
}
