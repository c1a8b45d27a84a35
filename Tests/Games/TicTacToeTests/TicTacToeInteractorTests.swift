import GameTestSupport
import GridGames
import MatchTree
import MatchWords
import RIBs
import Testing

@testable import TicTacToe

struct TicTacToeInteractorTests {
    private let presenter = TicTacToePresentableMock()
    private let listener = GameListenerMock()

    private func makeActiveInteractor(startingPlayer: Seat = .player1) -> TicTacToeInteractor {
        let interactor = TicTacToeInteractor(presenter: presenter, startingPlayer: startingPlayer)
        interactor.listener = listener
        interactor.activate()
        return interactor
    }

    @Test func test_activate_presentsAnEmptyBoardWithTheStartingPlayersTurn() {
        _ = makeActiveInteractor(startingPlayer: .player2)
        let board = BoardState(cells: Array(repeating: nil, count: 9), turn: .player2, last: nil)
        #expect(presenter.presented == [.screen(.playing(TicTacToe.id, board: board))])
    }

    @Test func test_moveOutOfTurn_throwsNotYourTurnAndPresentsNothing() {
        let interactor = makeActiveInteractor()
        #expect(throws: MatchError.notYourTurn) { try interactor.placeMark(at: Position(row: 0, col: 0), by: .player2) }
        #expect(presenter.presented.count == 1)
    }

    @Test func test_moveOnATakenCell_throwsCellTaken() throws {
        let interactor = makeActiveInteractor()
        try interactor.placeMark(at: Position(row: 0, col: 0), by: .player1)
        #expect(throws: MatchError.cellTaken) { try interactor.placeMark(at: Position(row: 0, col: 0), by: .player2) }
        #expect(throws: MatchError.outOfBounds) { try interactor.placeMark(at: Position(row: 0, col: 3), by: .player2) }
        #expect(presenter.presented.count == 2)
    }

    @Test func test_winningMove_presentsTheResultBeforeTellingTheListener() throws {
        let interactor = makeActiveInteractor()
        var presentedAtEnd: [MatchEvent] = []
        listener.onGameDidEnd = { presentedAtEnd = presenter.presented }
        for move in Script.player1WinsTopRow {
            try interactor.placeMark(at: Position(row: move.row, col: move.col), by: move.seat)
        }
        #expect(listener.winners == [.player1])
        #expect(presentedAtEnd.last == .gameOver(winner: .player1, line: gridLine((0, 0), (0, 1), (0, 2)), reason: .line))
    }

    @Test func test_fullBoard_endsInADrawForTheListener() throws {
        let interactor = makeActiveInteractor()
        for move in Script.draw {
            try interactor.placeMark(at: Position(row: move.row, col: move.col), by: move.seat)
        }
        #expect(listener.winners == [nil])
        #expect(presenter.presented.last == .gameOver(winner: nil, line: nil, reason: .draw))
    }

    @Test func test_forfeit_presentsTheOpponentAsWinnerAndRefusesMoreMoves() {
        let interactor = makeActiveInteractor()
        interactor.end(winner: .player2, reason: .left)
        #expect(presenter.presented.last == .gameOver(winner: .player2, line: nil, reason: .left))
        #expect(listener.winners.isEmpty)
        #expect(throws: MatchError.notYourTurn) { try interactor.placeMark(at: Position(row: 0, col: 0), by: .player1) }
    }
}
