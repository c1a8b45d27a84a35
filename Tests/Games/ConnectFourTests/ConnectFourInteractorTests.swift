import GameTestSupport
import GridGames
import MatchTree
import MatchWords
import RIBs
import Testing

@testable import ConnectFour

/// Records what Connect Four's interactor presents.
final class ConnectFourPresentableMock: ConnectFourPresentable {
    weak var listener: ConnectFourPresentableListener?
    private(set) var presented: [MatchEvent] = []

    func presentNewGame(board: BoardState) { presented.append(.screen(.connectFour(board: board))) }
    func present(board: BoardState) { presented.append(.board(board)) }
    func presentGameOver(winner: Seat?, line: [Position]?, reason: GameEndReason) {
        presented.append(.gameOver(winner: winner, line: line?.map(\.coordinates), reason: reason))
    }
}

struct ConnectFourInteractorTests {
    private let presenter = ConnectFourPresentableMock()
    private let listener = GameListenerMock()

    private func makeActiveInteractor(startingPlayer: Seat = .player1) -> ConnectFourInteractor {
        let interactor = ConnectFourInteractor(presenter: presenter, startingPlayer: startingPlayer)
        interactor.listener = listener
        interactor.activate()
        return interactor
    }

    @Test func test_activate_presentsAnEmptyGridWithTheStartingPlayersTurn() {
        let interactor = makeActiveInteractor(startingPlayer: .player2)
        let board = BoardState(cells: Array(repeating: nil, count: 42), turn: .player2, last: nil)
        #expect(presenter.presented == [.screen(.connectFour(board: board))])
        #expect(presenter.listener === interactor)
    }

    @Test func test_aWinningDrop_presentsTheBoardThenTheLine_thenTellsTheListener() throws {
        let interactor = makeActiveInteractor()
        for (column, seat) in [(2, Seat.player1), (4, .player2), (2, .player1), (4, .player2), (2, .player1), (4, .player2)] {
            try interactor.dropDisc(in: column, by: seat)
        }
        listener.onGameDidEnd = { [presenter] in
            #expect(presenter.presented.last == .gameOver(winner: .player1, line: gridLine((2, 2), (3, 2), (4, 2), (5, 2)), reason: .line))
        }
        try interactor.dropDisc(in: 2, by: .player1)
        #expect(listener.winners == [.player1])
    }

    @Test func test_aRefusedDrop_presentsNothing() throws {
        let interactor = makeActiveInteractor()
        let before = presenter.presented
        #expect(throws: MatchError.notYourTurn) { try interactor.dropDisc(in: 0, by: .player2) }
        #expect(throws: MatchError.outOfBounds) { try interactor.dropDisc(in: 9, by: .player1) }
        #expect(presenter.presented == before)
    }

    @Test func test_forfeit_presentsTheOpponentAsWinner_withoutTellingTheListener() {
        let interactor = makeActiveInteractor()
        interactor.end(winner: .player2, reason: .left)
        #expect(presenter.presented.last == .gameOver(winner: .player2, line: nil, reason: .left))
        #expect(listener.winners.isEmpty)
    }
}
