import MatchTree
import MatchWords
import RIBs

@testable import RandomWin

final class RandomWinPresentableMock: RandomWinPresentable {
    weak var listener: RandomWinPresentableListener?
    private(set) var newGameCount = 0
    private(set) var winners: [Seat] = []

    func presentNewGame() { newGameCount += 1 }
    func present(winner: Seat) { winners.append(winner) }
}
