import GridGames
import MatchTree
import MatchWords
import RIBs

/// What TicTacToe's interactor asks of its router: nothing, it has no children.
protocol TicTacToeRouting: ViewableRouting {}

/// What TicTacToe's interactor asks of its view.
protocol TicTacToePresentable: AnyObject {
    var listener: TicTacToePresentableListener? { get set }
    /// The game's screen, with its empty board.
    func presentNewGame(board: BoardState)
    /// The board after a move.
    func present(board: BoardState)
    /// The game is over: `winner` nil is a draw; `line` is the winning line; `reason` why it ended.
    func presentGameOver(winner: Seat?, line: [Position]?, reason: GameEndReason)
}

/// What TicTacToe tells its parent: the winner, as every game does.
typealias TicTacToeListener = GameListener

/// TicTacToe: the board and the turns; a win or a full board ends the game.
final class TicTacToeInteractor: PresentableInteractor<TicTacToePresentable>, TicTacToeInteractable,
    TicTacToePresentableListener, GameSession
{
    weak var router: TicTacToeRouting?
    weak var listener: TicTacToeListener?

    private var game: TicTacToeGame

    init(presenter: TicTacToePresentable, startingPlayer: Seat) {
        game = TicTacToeGame(startingPlayer: startingPlayer)
        super.init(presenter: presenter)
        presenter.listener = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.presentNewGame(board: game.state)
    }

    // MARK: - TicTacToePresentableListener

    func placeMark(at position: Position, by seat: Seat) throws(MatchError) {
        try game.play(at: position, by: seat)
        presenter.present(board: game.state)
        guard let outcome = game.outcome else { return }
        presenter.presentGameOver(winner: outcome.winner, line: outcome.line, reason: outcome.winner == nil ? .draw : .line)
        listener?.gameDidEnd(withWinner: outcome.winner)
    }

    // MARK: - GameSession

    func end(winner: Seat?, reason: GameEndReason) {
        guard game.outcome == nil else { return }
        game.end(winner: winner)
        presenter.presentGameOver(winner: winner, line: nil, reason: reason)
    }

    var turn: Seat? { game.turn }

    func computerAction(for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> (any GameAction)? {
        guard game.turn == seat else { return nil }
        return TicTacToeStrategy.move(on: game.board, for: seat, level: level, pick: pick).map(TicTacToeMove.init)
    }
}
