import MatchTree
import MatchWords
import RIBs

/// What RandomWin's view forwards to its interactor.
protocol RandomWinPresentableListener: AnyObject {
    /// Draws the winner; throws `wrongPhase` once the game is over.
    func roll() throws(MatchError)
}

/// The roll button and its result.
final class RandomWinViewController: MatchViewController, RandomWinPresentable, RandomWinViewControllable,
    GameViewControllable
{
    weak var listener: RandomWinPresentableListener?

    /// The roll button.
    func play(_ action: any GameAction, by seat: Seat) throws(MatchError) {
        guard action is RandomWinRoll else { throw .wrongPhase }
        try listener?.roll()
    }

    // MARK: - RandomWinPresentable

    func presentNewGame() {
        emit(.screen(.randomWin))
    }

    func present(winner: Seat?, reason: GameEndReason) {
        emit(.gameOver(winner: winner, line: nil, reason: reason))
    }
}
