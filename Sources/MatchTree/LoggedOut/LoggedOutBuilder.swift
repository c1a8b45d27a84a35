import MatchWords
import RIBs

/// What LoggedOut needs from its parent.
protocol LoggedOutDependency: Dependency {
    var display: MatchDisplay { get }
}

final class LoggedOutComponent: Component<LoggedOutDependency> {
    var display: MatchDisplay { dependency.display }
}

/// Builds LoggedOut.
protocol LoggedOutBuildable: AnyObject {
    /// LoggedOut with `seatedPlayers` already seated (the one who stayed after a leave), and the
    /// seats it keeps, for the parent to free one.
    func build(withListener listener: LoggedOutListener, seatedPlayers: [SeatedPlayer])
        -> (router: ViewableRouting, seating: LoggedOutSeating)
}

final class LoggedOutBuilder: Builder<LoggedOutDependency>, LoggedOutBuildable {
    func build(withListener listener: LoggedOutListener, seatedPlayers: [SeatedPlayer])
        -> (router: ViewableRouting, seating: LoggedOutSeating)
    {
        let component = LoggedOutComponent(dependency: dependency)
        let viewController = LoggedOutViewController(display: component.display)
        let interactor = LoggedOutInteractor(presenter: viewController, seatedPlayers: seatedPlayers)
        interactor.listener = listener
        let router = LoggedOutRouter(interactor: interactor, viewController: viewController)
        return (router, interactor)
    }
}
