import MatchTree
import MatchWords
import RIBs

/// What RandomWin's interactor asks of its router: nothing, it has no children.
protocol RandomWinRouting: ViewableRouting {}

/// What RandomWin's interactor asks of its view.
protocol RandomWinPresentable: AnyObject {
    var listener: RandomWinPresentableListener? { get set }
    /// The game's screen.
    func presentNewGame()
    /// The game is over: `winner` won (nil: a draw both agreed); `reason` why it ended.
    func present(winner: Seat?, reason: GameEndReason)
}

/// What RandomWin tells its parent: the winner, as every game does.
typealias RandomWinListener = GameListener

/// RandomWin (tutorial 4's second game): one roll draws the winner.
final class RandomWinInteractor: PresentableInteractor<RandomWinPresentable>, RandomWinInteractable,
    RandomWinPresentableListener, GameSession
{
    weak var router: RandomWinRouting?
    weak var listener: RandomWinListener?

    private let drawWinner: () -> Seat
    private let startingPlayer: Seat
    private var isOver = false

    init(presenter: RandomWinPresentable, drawWinner: @escaping () -> Seat, startingPlayer: Seat = .player1) {
        self.drawWinner = drawWinner
        self.startingPlayer = startingPlayer
        super.init(presenter: presenter)
        presenter.listener = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.presentNewGame()
    }

    // MARK: - RandomWinPresentableListener

    func roll() throws(MatchError) {
        guard !isOver else { throw .wrongPhase }
        isOver = true
        let winner = drawWinner()
        presenter.present(winner: winner, reason: .roll)
        listener?.gameDidEnd(withWinner: winner)
    }

    // MARK: - GameSession

    func end(winner: Seat?, reason: GameEndReason) {
        guard !isOver else { return }
        isOver = true
        presenter.present(winner: winner, reason: reason)
    }

    /// Either player may roll.
    var turn: Seat? { nil }

    /// Either player may roll; the computer rolls the games it starts and leaves the others' roll to
    /// the person, as two people take turns at starting.
    func computerAction(for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> (any GameAction)? {
        guard !isOver, seat == startingPlayer else { return nil }
        return RandomWinRoll()
    }
}
