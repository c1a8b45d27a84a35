import MatchTree
import MatchWords
import RIBs

/// What Kalah's interactor asks of its router: nothing, it has no children.
protocol KalahRouting: ViewableRouting {}

/// What Kalah's interactor asks of its view.
protocol KalahPresentable: AnyObject {
    var listener: KalahPresentableListener? { get set }
    /// The game's screen, with its board as it starts.
    func presentNewGame(board: KalahBoard)
    /// The board after a sowing.
    func present(board: KalahBoard)
    /// The game is over: `winner` nil is a draw; `reason` why it ended.
    func presentGameOver(winner: Seat?, reason: GameEndReason)
}

/// What Kalah tells its parent: the winner, as every game does.
typealias KalahListener = GameListener

/// Kalah: the seeds and the turns; a side without seeds ends the game.
final class KalahInteractor: PresentableInteractor<KalahPresentable>, KalahInteractable, KalahPresentableListener, GameSession {
    weak var router: KalahRouting?
    weak var listener: KalahListener?

    private var game: KalahGame

    init(presenter: KalahPresentable, startingPlayer: Seat) {
        game = KalahGame(startingPlayer: startingPlayer)
        super.init(presenter: presenter)
        presenter.listener = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.presentNewGame(board: game.board)
    }

    // MARK: - KalahPresentableListener

    func sow(pit: Int, by seat: Seat) throws(MatchError) {
        try game.sow(pit: pit, by: seat)
        presenter.present(board: game.board)
        guard let result = game.result else { return }
        presenter.presentGameOver(winner: result.winner, reason: result.winner == nil ? .draw : .score)
        listener?.gameDidEnd(withWinner: result.winner)
    }

    // MARK: - GameSession

    func end(winner: Seat?, reason: GameEndReason) {
        guard game.result == nil else { return }
        game.end(winner: winner)
        presenter.presentGameOver(winner: winner, reason: reason)
    }

    var turn: Seat? { game.turn }

    func computerAction(for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> (any GameAction)? {
        KalahStrategy.pit(in: game, for: seat, level: level, pick: pick).map(KalahSow.init)
    }
}
