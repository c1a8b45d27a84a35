import GridGames
import MatchTree
import MatchWords
import RIBs

/// What Connect Four's interactor asks of its router: nothing, it has no children.
protocol ConnectFourRouting: ViewableRouting {}

/// What Connect Four's interactor asks of its view.
protocol ConnectFourPresentable: AnyObject {
    var listener: ConnectFourPresentableListener? { get set }
    /// The game's screen, with its empty grid.
    func presentNewGame(board: BoardState)
    /// The grid after a disc dropped.
    func present(board: BoardState)
    /// The game is over: `winner` nil is a draw; `line` is the four in a row.
    func presentGameOver(winner: Seat?, line: [Position]?, reason: GameEndReason)
}

/// What Connect Four tells its parent: the winner, as every game does.
typealias ConnectFourListener = GameListener

/// Connect Four: the grid and the turns; four in a row or a full grid ends the game.
final class ConnectFourInteractor: PresentableInteractor<ConnectFourPresentable>, ConnectFourInteractable,
    ConnectFourPresentableListener, GameSession
{
    weak var router: ConnectFourRouting?
    weak var listener: ConnectFourListener?

    private var game: ConnectFourGame

    init(presenter: ConnectFourPresentable, startingPlayer: Seat) {
        game = ConnectFourGame(startingPlayer: startingPlayer)
        super.init(presenter: presenter)
        presenter.listener = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.presentNewGame(board: game.state)
    }

    // MARK: - ConnectFourPresentableListener

    func dropDisc(in column: Int, by seat: Seat) throws(MatchError) {
        try game.drop(in: column, by: seat)
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
        return ConnectFourStrategy.column(on: game.grid, for: seat, level: level, pick: pick).map(ConnectFourDrop.init)
    }
}
