import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

struct LoggedInInteractorTests {
    private let presenter = LoggedInPresentableMock()
    private let router = LoggedInRoutingMock()
    private let scoreStream = MutableScoreStreamMock()
    private let ticTacToe = Game(definition: TicTacToe(), builder: GameBuildableMock())
    private let randomWin = Game(definition: RandomWin(), builder: GameBuildableMock())

    private func makeActiveInteractor() -> LoggedInInteractor {
        let interactor = LoggedInInteractor(presenter: presenter, games: [ticTacToe, randomWin], mutableScoreStream: scoreStream)
        interactor.router = router
        interactor.activate()
        router.load()
        return interactor
    }

    @Test func test_activate_presentsTheScoreThenRoutesToOffGameOnLoad() {
        let interactor = LoggedInInteractor(presenter: presenter, games: [ticTacToe, randomWin], mutableScoreStream: scoreStream)
        interactor.router = router
        interactor.activate()
        #expect(router.routeToOffGameCalls.isEmpty)
        router.load()
        #expect(presenter.scores == [Score(player1Name: "Alice", player2Name: "Bob")])
        #expect(router.routeToOffGameCalls == [[.ticTacToe, .randomWin]])
    }

    @Test func test_startGame_presentsItAndRoutesToItsBuilder() {
        let interactor = makeActiveInteractor()
        interactor.startGame(with: randomWin)
        #expect(router.routedGameBuilders.count == 1 && router.routedGameBuilders[0] === randomWin.builder)
        #expect(presenter.gamesStarted.map(\.0) == [.randomWin])
    }

    @Test func test_successiveGames_alternateTheStartingPlayer() {
        let interactor = makeActiveInteractor()
        for game in [ticTacToe, randomWin, ticTacToe] {
            interactor.startGame(with: game)
            interactor.gameDidEnd(withWinner: nil)
        }
        #expect(router.startingPlayers == [.player1, .player2, .player1])
        #expect(presenter.gamesStarted.map(\.1) == [.player1, .player2, .player1])
    }

    @Test func test_gameDidEnd_updatesTheScoreThenRoutesToOffGame() {
        let interactor = makeActiveInteractor()
        interactor.startGame(with: ticTacToe)
        interactor.gameDidEnd(withWinner: .player2)
        #expect(scoreStream.winners == [.player2])
        #expect(presenter.scores.last == Score(player1Name: "Alice", player2Name: "Bob", player2Wins: 1))
        #expect(router.routeToOffGameCalls.count == 2)
    }

    @Test func test_launchGameBetweenGames_startsIt() {
        let interactor = makeActiveInteractor()
        var completed = false
        interactor.launchGame(with: .randomWin).subscribe { _ in completed = true }
        #expect(completed)
        #expect(router.routedGameBuilders.count == 1 && router.routedGameBuilders[0] === randomWin.builder)
    }

    @Test func test_launchGameDuringAGame_completesWithoutInterruptingIt() {
        let interactor = makeActiveInteractor()
        interactor.startGame(with: ticTacToe)
        var completed = false
        interactor.launchGame(with: .randomWin).subscribe { _ in completed = true }
        #expect(completed)
        #expect(router.routedGameBuilders.count == 1)
        #expect(presenter.gamesStarted.count == 1)
    }

    @Test func test_forfeitGameDuringAGame_forfeitsItAndScoresTheOpponent() {
        let interactor = makeActiveInteractor()
        interactor.startGame(with: ticTacToe)
        interactor.forfeitGame(by: .player1, reason: .left)
        #expect(router.gameSession.forfeits == [.player1])
        #expect(scoreStream.winners == [.player2])
        // LoggedIn is going away: no return to OffGame.
        #expect(router.routeToOffGameCalls.count == 1)
    }

    @Test func test_forfeitGameBetweenGames_changesNothing() {
        let interactor = makeActiveInteractor()
        interactor.forfeitGame(by: .player1, reason: .left)
        #expect(scoreStream.winners.isEmpty)
        #expect(presenter.scores.count == 1)
    }

    @Test func test_deactivate_cleansUpItsChild() {
        let interactor = makeActiveInteractor()
        interactor.deactivate()
        #expect(router.cleanupViewsCallCount == 1)
    }
}
