import RIBs

/// What OffGame's interactor asks of its router: nothing; the router attaches the scoreboard itself.
protocol OffGameRouting: ViewableRouting {}

/// What OffGame's interactor asks of its view.
protocol OffGamePresentable: AnyObject {
    var listener: OffGamePresentableListener? { get set }
    /// The screen between games, with one start action per game.
    func present(games: [GameListing])
}

/// What OffGame tells its parent.
protocol OffGameListener: AnyObject {
    /// A seated player asked to play `game`.
    func startGame(with game: Game)
}

/// OffGame: between games, offers the games to start.
final class OffGameInteractor: PresentableInteractor<OffGamePresentable>, OffGameInteractable,
    OffGamePresentableListener
{
    weak var router: OffGameRouting?
    weak var listener: OffGameListener?

    private let games: [Game]

    init(presenter: OffGamePresentable, games: [Game]) {
        self.games = games
        super.init(presenter: presenter)
        presenter.listener = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.present(games: games.map(\.listing))
    }

    // MARK: - OffGamePresentableListener

    func startGame(withId gameId: String) throws(MatchError) {
        guard let game = games.first(where: { $0.id.rawValue == gameId }) else { throw .unknownGame }
        listener?.startGame(with: game)
    }
}
