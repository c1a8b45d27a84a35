import RIBs

/// What TicTacToe's view forwards to its interactor.
protocol TicTacToePresentableListener: AnyObject {
    /// `seat` marks `position`. Throws, changing nothing: `notYourTurn` (also once the game is
    /// over), `outOfBounds`, `cellTaken`, checked in that order.
    func placeMark(at position: Position, by seat: Seat) throws(MatchError)
}

/// The board.
final class TicTacToeViewController: MatchViewController, TicTacToePresentable, TicTacToeViewControllable {
    weak var listener: TicTacToePresentableListener?

    /// A tap on a cell.
    func placeMark(at position: Position, by seat: Seat) throws(MatchError) {
        try listener?.placeMark(at: position, by: seat)
    }

    // MARK: - TicTacToePresentable

    func presentNewGame(board: BoardState) {
        emit(.screen(.ticTacToe(board: board)))
        emit(.board(board))
    }

    func present(board: BoardState) {
        emit(.board(board))
    }

    func presentGameOver(winner: Seat?, line: [Position]?) {
        emit(.gameOver(winner: winner, line: line))
    }
}
