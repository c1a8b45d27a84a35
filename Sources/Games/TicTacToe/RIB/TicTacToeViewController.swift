import GridGames
import MatchTree
import MatchWords
import RIBs

/// What TicTacToe's view forwards to its interactor.
protocol TicTacToePresentableListener: AnyObject {
    /// `seat` marks `position`. Throws, changing nothing: `notYourTurn` (also once the game is
    /// over), `outOfBounds`, `cellTaken`, checked in that order.
    func placeMark(at position: Position, by seat: Seat) throws(MatchError)
}

/// The board.
final class TicTacToeViewController: MatchViewController, TicTacToePresentable, TicTacToeViewControllable,
    GameViewControllable
{
    weak var listener: TicTacToePresentableListener?

    /// A tap on a cell.
    func play(_ action: any GameAction, by seat: Seat) throws(MatchError) {
        guard let move = action as? TicTacToeMove else { throw .wrongPhase }
        try listener?.placeMark(at: move.position, by: seat)
    }

    // MARK: - TicTacToePresentable

    func presentNewGame(board: BoardState) {
        emit(.screen(.ticTacToe(board: board)))
        emit(.board(board))
    }

    func present(board: BoardState) {
        emit(.board(board))
    }

    func presentGameOver(winner: Seat?, line: [Position]?, reason: GameEndReason) {
        emit(.gameOver(winner: winner, line: line?.map(\.coordinates), reason: reason))
    }
}
