import MatchTree
import MatchWords
import RIBs

// The fake game's RIB. A test double: its builder, interactor, router and view share one file, unlike
// a real game's, which keep one each.

final class FakeGameBuilder: Builder<GameDependency>, GameBuildable {
    func build(withListener listener: GameListener, startingPlayer: Seat) -> (router: ViewableRouting, session: GameSession) {
        let view = FakeGameView(display: dependency.display)
        let interactor = FakeGameInteractor(view: view, startingPlayer: startingPlayer)
        interactor.listener = listener
        view.interactor = interactor
        return (FakeGameRouter(interactor: interactor, viewController: view), interactor)
    }
}

final class FakeGameRouter: ViewableRouter<Interactable, ViewControllable> {}

final class FakeGameInteractor: Interactor, GameSession {
    weak var listener: GameListener?
    private let view: FakeGameView
    private var board: FakeBoard

    init(view: FakeGameView, startingPlayer: Seat) {
        self.view = view
        board = FakeBoard(turn: startingPlayer)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        view.emit(.screen(.playing(FakeGame.id, board: board)))
        view.emit(.board(board))
    }

    /// Checks in the order every game does: `notYourTurn` (also once over), `outOfBounds`, `cellTaken`.
    func poke(_ place: Int, by seat: Seat) throws(MatchError) {
        guard board.turn == seat else { throw .notYourTurn }
        guard board.places.indices.contains(place) else { throw .outOfBounds }
        guard board.places[place] == nil else { throw .cellTaken }
        board.places[place] = seat
        let over = !board.places.contains(nil)
        board.turn = over ? nil : seat.opponent
        view.emit(.board(board))
        guard over else { return }
        let winner = board.places[1]
        view.emit(.gameOver(winner: winner, line: nil, reason: winner == nil ? .draw : .line))
        listener?.gameDidEnd(withWinner: winner)
    }

    func end(winner: Seat?, reason: GameEndReason) {
        guard board.turn != nil else { return }
        board.turn = nil
        view.emit(.gameOver(winner: winner, line: nil, reason: reason))
    }

    var turn: Seat? { board.turn }

    func computerAction(for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> (any GameAction)? {
        guard board.turn == seat, let free = board.places.firstIndex(where: { $0 == nil }) else { return nil }
        return FakePoke(place: free)
    }
}

final class FakeGameView: MatchViewController, GameViewControllable {
    weak var interactor: FakeGameInteractor?

    func play(_ action: any GameAction, by seat: Seat) throws(MatchError) {
        guard let poke = action as? FakePoke else { throw .wrongPhase }
        try interactor?.poke(poke.place, by: seat)
    }
}
