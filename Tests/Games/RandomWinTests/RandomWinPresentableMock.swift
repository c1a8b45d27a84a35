import MatchTree
import MatchWords
import RIBs

@testable import RandomWin

final class RandomWinPresentableMock: RandomWinPresentable {
    weak var listener: RandomWinPresentableListener?
    private(set) var newGameCount = 0
    private(set) var winners: [Seat?] = []
    private(set) var reasons: [GameEndReason] = []

    func presentNewGame() { newGameCount += 1 }
    func present(winner: Seat?, reason: GameEndReason) {
        winners.append(winner)
        reasons.append(reason)
    }
}
