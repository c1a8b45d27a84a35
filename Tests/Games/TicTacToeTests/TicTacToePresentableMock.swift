import GridGames
import MatchTree
import MatchWords
import RIBs

@testable import TicTacToe

/// Records, in one list, everything a game's view is asked to present.
final class TicTacToePresentableMock: TicTacToePresentable {
    weak var listener: TicTacToePresentableListener?
    private(set) var presented: [MatchEvent] = []

    func presentNewGame(board: BoardState) { presented.append(.screen(.playing(TicTacToe.id, board: board))) }
    func present(board: BoardState) { presented.append(.board(board)) }
    func presentGameOver(winner: Seat?, line: [Position]?, reason: GameEndReason) {
        presented.append(.gameOver(winner: winner, line: line?.map(\.coordinates), reason: reason))
    }
}
