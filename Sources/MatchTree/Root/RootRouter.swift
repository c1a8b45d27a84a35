import MatchWords
import RIBs

/// What Root's router drives: Root's interactor, which listens to both children.
protocol RootInteractable: Interactable, LoggedOutListener, LoggedInListener {
    var router: RootRouting? { get set }
    var listener: RootListener? { get set }
}

/// What Root's router asks of Root's view: to show one child view at a time.
protocol RootViewControllable: ChildViewHosting {}

final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
    private let loggedOutBuilder: LoggedOutBuildable
    private let loggedInBuilder: LoggedInBuildable
    private var currentChild: Routing?

    init(
        interactor: RootInteractable,
        viewController: RootViewControllable,
        loggedOutBuilder: LoggedOutBuildable,
        loggedInBuilder: LoggedInBuildable
    ) {
        self.loggedOutBuilder = loggedOutBuilder
        self.loggedInBuilder = loggedInBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    // MARK: - RootRouting

    func routeToLoggedOut(seatedPlayers: [SeatedPlayer]) -> LoggedOutSeating {
        let loggedOut = loggedOutBuilder.build(withListener: interactor, seatedPlayers: seatedPlayers)
        replaceChild(&currentChild, with: loggedOut.router, in: viewController)
        return loggedOut.seating
    }

    func routeToLoggedIn(player1Name: String, player2Name: String, computer: ComputerPlayer?) -> LoggedInSession {
        let loggedIn = loggedInBuilder.build(
            withListener: interactor, player1Name: player1Name, player2Name: player2Name, computer: computer)
        replaceChild(&currentChild, with: loggedIn.router, in: viewController)
        return loggedIn.session
    }

    func detachCurrentChild() {
        replaceChild(&currentChild, with: nil, in: viewController)
    }
}
