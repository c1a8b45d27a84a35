import GameTestSupport
import MatchTree
import MatchWords
import RIBs
import Testing

@testable import RandomWin

struct RandomWinInteractorTests {
    private let presenter = RandomWinPresentableMock()
    private let listener = GameListenerMock()

    @Test func test_roll_drawsOnceThenPresentsAndTellsTheWinner() throws {
        let draws = ScriptedDraws([.player2])
        let interactor = RandomWinInteractor(presenter: presenter, drawWinner: draws.next)
        interactor.listener = listener
        interactor.activate()
        #expect(presenter.newGameCount == 1)
        try interactor.roll()
        #expect(draws.callCount == 1)
        #expect(presenter.winners == [.player2])
        #expect(listener.winners == [.player2])
        #expect(throws: MatchError.wrongPhase) { try interactor.roll() }
        #expect(draws.callCount == 1)
    }

    @Test func test_forfeit_presentsTheOpponentWithoutDrawing() {
        let draws = ScriptedDraws([])
        let interactor = RandomWinInteractor(presenter: presenter, drawWinner: draws.next)
        interactor.listener = listener
        interactor.activate()
        interactor.end(winner: .player1, reason: .left)
        #expect(presenter.winners == [.player1])
        #expect(listener.winners.isEmpty)
        #expect(draws.callCount == 0)
    }
}
