import RIBs

@testable import MatchTree

/// Records, in one list, everything a game's view is asked to present.
final class TicTacToePresentableMock: TicTacToePresentable {
    weak var listener: TicTacToePresentableListener?
    private(set) var presented: [MatchEvent] = []

    func presentNewGame(board: BoardState) { presented.append(.screen(.ticTacToe(board: board))) }
    func present(board: BoardState) { presented.append(.board(board)) }
    func presentGameOver(winner: Seat?, line: [Position]?) { presented.append(.gameOver(winner: winner, line: line)) }
}

final class RandomWinPresentableMock: RandomWinPresentable {
    weak var listener: RandomWinPresentableListener?
    private(set) var newGameCount = 0
    private(set) var winners: [Seat] = []

    func presentNewGame() { newGameCount += 1 }
    func present(winner: Seat) { winners.append(winner) }
}
