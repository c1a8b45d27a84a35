import MatchWords
import RIBs
import Testing

@testable import MatchTree

struct RootRouterTests {
    private let interactor = RootInteractableMock()
    private let viewController = RootViewControllableMock()
    private let loggedOutBuilder = LoggedOutBuildableMock()
    private let loggedInBuilder = LoggedInBuildableMock()

    private func makeRouter() -> RootRouter {
        RootRouter(
            interactor: interactor, viewController: viewController,
            loggedOutBuilder: loggedOutBuilder, loggedInBuilder: loggedInBuilder)
    }

    @Test func test_init_setsItselfAsTheInteractorsRouter() {
        let router = makeRouter()
        #expect(interactor.router === router)
    }

    @Test func test_routeToLoggedOut_buildsWithTheSeatedPlayersAttachesAndPresents() {
        let router = makeRouter()
        let loggedOut = makeViewableRoutingMock()
        let seating = LoggedOutSeatingMock()
        let bob = SeatedPlayer(seat: .player2, name: "Bob")
        loggedOutBuilder.buildHandler = { listener, seatedPlayers in
            #expect(listener === interactor)
            #expect(seatedPlayers == [bob])
            return (loggedOut, seating)
        }
        let result = router.routeToLoggedOut(seatedPlayers: [bob])
        #expect(loggedOutBuilder.buildCallCount == 1)
        #expect(result === seating)
        #expect(router.children.count == 1 && router.children[0] === loggedOut)
        #expect(loggedOut.interactable.isActive)
        #expect(viewController.presented.last === loggedOut.viewControllable)
    }

    @Test func test_routeToLoggedIn_detachesLoggedOutAndAttachesLoggedInWithTheInteractorAsListener() {
        let router = makeRouter()
        let loggedOut = makeViewableRoutingMock()
        loggedOutBuilder.buildHandler = { _, _ in (loggedOut, LoggedOutSeatingMock()) }
        _ = router.routeToLoggedOut(seatedPlayers: [])
        let loggedIn = Router(interactor: InteractableMock())
        let session = LoggedInSessionMock()
        loggedInBuilder.buildHandler = { listener, player1Name, player2Name in
            #expect(listener === interactor)
            #expect(player1Name == "Alice" && player2Name == "Bob")
            return (loggedIn, session)
        }
        let result = router.routeToLoggedIn(player1Name: "Alice", player2Name: "Bob", computer: nil)
        #expect(loggedInBuilder.buildCallCount == 1)
        #expect(result === session)
        #expect(router.children.count == 1 && router.children[0] === loggedIn)
        #expect(!loggedOut.interactable.isActive)
        #expect(viewController.dismissed.last === loggedOut.viewControllable)
    }

    @Test func test_detachCurrentChild_deactivatesAndDropsIt() {
        let router = makeRouter()
        let loggedIn = Router(interactor: InteractableMock())
        loggedInBuilder.buildHandler = { _, _, _ in (loggedIn, LoggedInSessionMock()) }
        _ = router.routeToLoggedIn(player1Name: "Alice", player2Name: "Bob", computer: nil)
        router.detachCurrentChild()
        #expect(router.children.isEmpty)
        #expect(!loggedIn.interactable.isActive)
    }
}
