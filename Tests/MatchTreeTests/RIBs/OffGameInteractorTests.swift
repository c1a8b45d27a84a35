import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

struct OffGameInteractorTests {
    private let presenter = OffGamePresentableMock()
    private let listener = OffGameListenerMock()

    private func makeActiveInteractor() -> OffGameInteractor {
        let games = [
            Game(definition: TicTacToe(), builder: GameBuildableMock()), Game(definition: RandomWin(), builder: GameBuildableMock()),
        ]
        let interactor = OffGameInteractor(presenter: presenter, games: games)
        interactor.listener = listener
        interactor.activate()
        return interactor
    }

    @Test func test_activate_presentsTheGamesInOrder() {
        _ = makeActiveInteractor()
        #expect(presenter.presentedGames == [[.ticTacToe, .randomWin]])
    }

    @Test func test_startGame_tellsTheListenerWhichGame() throws {
        let interactor = makeActiveInteractor()
        try interactor.startGame(withId: "randomWin")
        #expect(listener.startedGames == [.randomWin])
    }

    @Test(arguments: ["chess", "", "TICTACTOE"])
    func test_startUnknownGame_throwsUnknownGameAndTellsNobody(gameId: String) {
        let interactor = makeActiveInteractor()
        #expect(throws: MatchError.unknownGame) { try interactor.startGame(withId: gameId) }
        #expect(listener.startedGames.isEmpty)
    }
}
