import GameTestSupport
import MatchTree
import MatchWords
import RIBs
import Testing

@testable import Kalah

/// Records, in one list, everything Kalah's view is asked to present.
final class KalahPresentableMock: KalahPresentable {
    weak var listener: KalahPresentableListener?
    private(set) var presented: [MatchEvent] = []

    func presentNewGame(board: KalahBoard) { presented.append(.screen(.playing(Kalah.id, board: board))) }
    func present(board: KalahBoard) { presented.append(.board(board)) }
    func presentGameOver(winner: Seat?, reason: GameEndReason) { presented.append(.gameOver(winner: winner, line: nil, reason: reason)) }
}

/// Kalah's interactor against its presenter: the board on every sowing, the extra turn, the end told to
/// the listener, refusals that change nothing, the forfeit and the computer's move.
struct KalahInteractorTests {
    private func started(_ starter: Seat = .player1) -> (KalahInteractor, KalahPresentableMock, GameListenerMock) {
        let presenter = KalahPresentableMock()
        let listener = GameListenerMock()
        let interactor = KalahInteractor(presenter: presenter, startingPlayer: starter)
        interactor.listener = listener
        interactor.activate()
        return (interactor, presenter, listener)
    }

    @Test func test_activation_presentsTheOpeningBoard() {
        let (_, presenter, _) = started(.player2)
        let opening = KalahBoard(pits: [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], turn: .player2, last: nil)
        #expect(presenter.presented == [.screen(.playing(Kalah.id, board: opening))])
    }

    @Test func test_aSowingIntoTheOwnStore_presentsTheBoardWithTheSameTurn() throws {
        let (interactor, presenter, listener) = started()
        try interactor.sow(pit: 2, by: .player1)
        let board = KalahBoard(pits: [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], turn: .player1, last: KalahSowing(seat: .player1, pit: 2))
        #expect(presenter.presented.last == .board(board))
        #expect(listener.winners.isEmpty)
    }

    @Test func test_refusals_changeNothing() throws {
        let (interactor, presenter, _) = started()
        let before = presenter.presented
        #expect(throws: MatchError.notYourTurn) { try interactor.sow(pit: 0, by: .player2) }
        #expect(throws: MatchError.outOfBounds) { try interactor.sow(pit: 6, by: .player1) }
        try interactor.sow(pit: 2, by: .player1)
        #expect(throws: MatchError.cellTaken) { try interactor.sow(pit: 2, by: .player1) }
        #expect(presenter.presented.count == before.count + 1)
    }

    @Test func test_forfeit_presentsTheOpponentAsWinner_andAcceptsNothingMore() {
        let (interactor, presenter, listener) = started()
        interactor.end(winner: .player2, reason: .left)
        #expect(presenter.presented.last == .gameOver(winner: .player2, line: nil, reason: .left))
        #expect(throws: MatchError.notYourTurn) { try interactor.sow(pit: 0, by: .player1) }
        #expect(listener.winners.isEmpty, "LoggedIn ends a forfeited game itself")
    }

    @Test func test_theComputer_movesOnlyOnItsTurn_andPlaysAPitOfItsOwn() throws {
        let (interactor, _, _) = started()
        #expect(interactor.computerAction(for: .player2, level: .perfect, pick: { _ in 0 }) == nil)
        let action = try #require(interactor.computerAction(for: .player1, level: .easy, pick: { _ in 0 }) as? KalahSow)
        #expect((0..<6).contains(action.pit))
    }

    @Test func test_aWholeGame_endsWithTheListenerToldOnce() throws {
        let (interactor, presenter, listener) = started()
        var turn: Seat? = .player1
        var moves = 0
        while let seat = turn, moves < 200 {
            let sow = try #require(interactor.computerAction(for: seat, level: .easy, pick: { _ in 0 }) as? KalahSow)
            try interactor.sow(pit: sow.pit, by: seat)
            moves += 1
            turn =
                presenter.presented.compactMap { event -> KalahBoard? in
                    if case .board(let board) = event { board.as(KalahBoard.self) } else { nil }
                }.last?.turn
        }
        #expect(listener.winners.count == 1)
        guard case .gameOver = presenter.presented.last else {
            Issue.record("no gameOver at the end")
            return
        }
    }
}
