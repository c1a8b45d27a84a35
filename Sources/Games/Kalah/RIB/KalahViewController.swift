import MatchTree
import MatchWords
import RIBs

/// What Kalah's view forwards to its interactor.
protocol KalahPresentableListener: AnyObject {
    /// `seat` sows its pit `pit` (0-5). Throws, changing nothing: `notYourTurn` (also once the game is
    /// over), `outOfBounds`, `cellTaken` (an empty pit), checked in that order.
    func sow(pit: Int, by seat: Seat) throws(MatchError)
}

/// The board of pits and stores.
final class KalahViewController: MatchViewController, KalahPresentable, KalahViewControllable, GameViewControllable {
    weak var listener: KalahPresentableListener?

    /// A tap on a pit.
    func play(_ action: any GameAction, by seat: Seat) throws(MatchError) {
        guard let sow = action as? KalahSow else { throw .wrongPhase }
        try listener?.sow(pit: sow.pit, by: seat)
    }

    // MARK: - KalahPresentable

    func presentNewGame(board: KalahBoard) {
        emit(.screen(.playing(Kalah.id, board: board)))
        emit(.board(board))
    }

    func present(board: KalahBoard) {
        emit(.board(board))
    }

    func presentGameOver(winner: Seat?, reason: GameEndReason) {
        emit(.gameOver(winner: winner, line: nil, reason: reason))
    }
}
