import GridGames
import MatchTree
import MatchWords
import RIBs

/// What Connect Four's view forwards to its interactor.
protocol ConnectFourPresentableListener: AnyObject {
    /// `seat` drops a disc in `column`. Throws, changing nothing: `notYourTurn` (also once the game is
    /// over), `outOfBounds`, `cellTaken` (a full column), checked in that order.
    func dropDisc(in column: Int, by seat: Seat) throws(MatchError)
}

/// The upright grid.
final class ConnectFourViewController: MatchViewController, ConnectFourPresentable, ConnectFourViewControllable,
    GameViewControllable
{
    weak var listener: ConnectFourPresentableListener?

    /// A tap on a column.
    func play(_ action: any GameAction, by seat: Seat) throws(MatchError) {
        guard let drop = action as? ConnectFourDrop else { throw .wrongPhase }
        try listener?.dropDisc(in: drop.column, by: seat)
    }

    // MARK: - ConnectFourPresentable

    func presentNewGame(board: BoardState) {
        emit(.screen(.connectFour(board: board)))
        emit(.board(board))
    }

    func present(board: BoardState) {
        emit(.board(board))
    }

    func presentGameOver(winner: Seat?, line: [Position]?, reason: GameEndReason) {
        emit(.gameOver(winner: winner, line: line?.map(\.coordinates), reason: reason))
    }
}
