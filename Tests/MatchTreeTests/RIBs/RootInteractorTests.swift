import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

struct RootInteractorTests {
    private let presenter = RootPresentableMock()
    private let router = RootRoutingMock()

    /// An active Root interactor whose router has loaded, as after a launch.
    private func makeLaunchedInteractor() -> RootInteractor {
        let interactor = RootInteractor(presenter: presenter, knownGames: [.ticTacToe, .randomWin])
        interactor.router = router
        interactor.activate()
        router.load()
        return interactor
    }

    @Test func test_routerDidLoad_routesToLoggedOutWithNobodySeated() {
        let interactor = RootInteractor(presenter: presenter, knownGames: [.ticTacToe, .randomWin])
        interactor.router = router
        interactor.activate()
        #expect(router.routeToLoggedOutCalls.isEmpty)
        router.load()
        #expect(router.routeToLoggedOutCalls == [[]])
    }

    @Test func test_init_listensToItsView() {
        let interactor = RootInteractor(presenter: presenter, knownGames: [.ticTacToe, .randomWin])
        #expect(presenter.listener === interactor)
    }

    @Test func test_didLogin_routesToLoggedInWithTheNames() {
        let interactor = makeLaunchedInteractor()
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        #expect(router.routeToLoggedInCalls.count == 1)
        #expect(router.routeToLoggedInCalls.first.map { [$0.0, $0.1] } == ["Alice", "Bob"])
    }

    @Test func test_launchGameBeforeLogin_launchesOnLoggedInOnceThePairLogsIn() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        #expect(router.session.launchedGames.isEmpty)
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        #expect(router.session.launchedGames == [.randomWin])
    }

    @Test func test_launchGameAfterLogin_launchesAtOnce() throws {
        let interactor = makeLaunchedInteractor()
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        #expect(router.session.launchedGames == [.ticTacToe])
    }

    @Test func test_launchGameWithUnknownId_throwsAndLaunchesNothing() {
        let interactor = makeLaunchedInteractor()
        #expect(throws: MatchError.unknownGame) { try interactor.launchGame(withId: "chess", playerAway: false) }
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        #expect(router.session.launchedGames.isEmpty)
    }

    @Test func test_launchGameAfterLeave_waitsForTheNextPairsLoggedIn() throws {
        let interactor = makeLaunchedInteractor()
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        let stale = router.session
        try interactor.leave(seat: .player1, reason: .left)
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        #expect(stale.launchedGames.isEmpty)
        let fresh = LoggedInSessionMock()
        router.session = fresh
        interactor.didLogin(player1Name: "Carol", player2Name: "Bob")
        #expect(stale.launchedGames.isEmpty)
        #expect(fresh.launchedGames == [.ticTacToe])
    }

    @Test func test_launchGame_presentsTheLaunchQueued() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        #expect(presenter.queuedLaunches == [.ticTacToe])
    }

    @Test func test_launchGameWhileALaunchWaitsForThePair_isNotTakenAndTheFirstDecides() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        #expect(presenter.queuedLaunches == [.randomWin])
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        #expect(router.session.launchedGames == [.randomWin])
    }

    @Test func test_launchGameDuringAGame_isNotTaken_nothingQueuedNothingLaunched() throws {
        let interactor = makeLaunchedInteractor()
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        router.session.isGameInProgress = true
        for _ in 0..<100 { try interactor.launchGame(withId: "randomWin", playerAway: false) }
        #expect(presenter.queuedLaunches.isEmpty)
        #expect(router.session.launchedGames.isEmpty)
        router.session.isGameInProgress = false
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        #expect(presenter.queuedLaunches == [.randomWin])
        #expect(router.session.launchedGames == [.randomWin])
    }

    @Test func test_launchGameWithUnknownIdWhileALaunchWaits_stillThrows() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        #expect(throws: MatchError.unknownGame) { try interactor.launchGame(withId: "chess", playerAway: false) }
        #expect(presenter.queuedLaunches == [.ticTacToe])
    }

    @Test func test_launchGameWhileThePairIsComplete_isTakenEachTime() throws {
        let interactor = makeLaunchedInteractor()
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        #expect(presenter.queuedLaunches == [.randomWin, .randomWin])
        #expect(router.session.launchedGames == [.randomWin, .randomWin])
    }

    @Test func test_launchGameAfterThePairBreaksUp_isTakenAgainAndWaitsForTheNextPair() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        try interactor.leave(seat: .player2, reason: .left)
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        #expect(presenter.queuedLaunches == [.randomWin, .ticTacToe])
        let fresh = LoggedInSessionMock()
        router.session = fresh
        interactor.didLogin(player1Name: "Alice", player2Name: "Carol")
        #expect(fresh.launchedGames == [.ticTacToe])
    }

    @Test func test_launchGameAfterDeactivateAndReactivate_isTakenAgain() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.launchGame(withId: "randomWin", playerAway: false)
        interactor.deactivate()
        interactor.activate()
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        #expect(presenter.queuedLaunches == [.randomWin, .ticTacToe])
    }

    @Test func test_deactivate_cancelsAWaitingWorkflowAndDetachesTheChild() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.launchGame(withId: "ticTacToe", playerAway: false)
        interactor.deactivate()
        #expect(router.detachCurrentChildCallCount == 1)
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        #expect(router.session.launchedGames.isEmpty)
    }

    @Test func test_leaveWhenLoggedIn_forfeitsThenRoutesToLoggedOutWithTheRemainingPlayer() throws {
        let interactor = makeLaunchedInteractor()
        interactor.didLogin(player1Name: "Alice", player2Name: "Bob")
        try interactor.leave(seat: .player2, reason: .left)
        #expect(router.session.forfeits == [.player2])
        #expect(router.routeToLoggedOutCalls.last == [SeatedPlayer(seat: .player1, name: "Alice")])
    }

    @Test func test_leaveWhenLoggedOut_freesTheSeatInLoggedOut() throws {
        let interactor = makeLaunchedInteractor()
        try interactor.leave(seat: .player1, reason: .left)
        #expect(router.seating.freedSeats == [.player1])
        router.seating.freeSeatError = .notSeated
        #expect(throws: MatchError.notSeated) { try interactor.leave(seat: .player2, reason: .left) }
    }
}
