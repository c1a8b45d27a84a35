import MatchWords
import RIBs

@testable import MatchTree

final class RootInteractableMock: Interactor, RootInteractable {
    weak var router: RootRouting?
    weak var listener: RootListener?

    private(set) var didLoginCallCount = 0
    private(set) var loggedInNames: (String, String)?

    func didLogin(player1Name: String, player2Name: String) {
        didLoginCallCount += 1
        loggedInNames = (player1Name, player2Name)
    }
}

typealias RootViewControllableMock = ChildViewHostingMock

final class RootPresentableMock: RootPresentable {
    weak var listener: RootPresentableListener?

    private(set) var queuedLaunches: [GameID] = []

    func presentLaunchQueued(gameId: GameID) {
        queuedLaunches.append(gameId)
    }
}

/// A root router that records the routes asked of it. A real router underneath, so that it loads
/// and has a lifecycle as the interactor expects.
final class RootRoutingMock: ViewableRouter<InteractableMock, ViewControllableMock>, RootRouting {
    private(set) var routeToLoggedOutCalls: [[SeatedPlayer]] = []
    private(set) var routeToLoggedInCalls: [(String, String)] = []
    private(set) var detachCurrentChildCallCount = 0
    /// What the next routes give back.
    var seating = LoggedOutSeatingMock()
    var session = LoggedInSessionMock()

    init() {
        super.init(interactor: InteractableMock(), viewController: ViewControllableMock())
    }

    func routeToLoggedOut(seatedPlayers: [SeatedPlayer]) -> LoggedOutSeating {
        routeToLoggedOutCalls.append(seatedPlayers)
        return seating
    }

    func routeToLoggedIn(player1Name: String, player2Name: String, computer: ComputerPlayer?) -> LoggedInSession {
        routeToLoggedInCalls.append((player1Name, player2Name))
        return session
    }

    func detachCurrentChild() {
        detachCurrentChildCallCount += 1
    }
}
