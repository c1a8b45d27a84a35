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
    /// The game is over: `winner` nil is a draw.
    func presentGameOver(winner: Seat?)
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
        presenter.presentGameOver(winner: result.winner)
        listener?.gameDidEnd(withWinner: result.winner)
    }

    // MARK: - GameSession

    func forfeit(by leaver: Seat) {
        guard game.result == nil else { return }
        game.forfeit(by: leaver)
        presenter.presentGameOver(winner: leaver.opponent)
    }

    func computerAction(for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> (any GameAction)? {
        KalahStrategy.pit(in: game, for: seat, level: level, pick: pick).map(KalahSow.init)
    }
}
