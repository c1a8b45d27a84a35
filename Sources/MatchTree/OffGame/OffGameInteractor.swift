import MatchWords
import RIBs

/// What OffGame's interactor asks of its router: nothing; the router attaches the scoreboard itself.
protocol OffGameRouting: ViewableRouting {}

/// What OffGame's interactor asks of its view.
protocol OffGamePresentable: AnyObject {
    var listener: OffGamePresentableListener? { get set }
    /// The screen between games, with one start action per game.
    func present(games: [GameListing])
    /// `seat` offered to play `gameId` next.
    func presentGameOffered(by seat: Seat, gameId: GameID)
    /// `seat` declined the game offered to it.
    func presentGameDeclined(by seat: Seat)
}

/// What OffGame tells its parent.
protocol OffGameListener: AnyObject {
    /// A seated player asked to play `game`.
    func startGame(with game: Game)
}

/// OffGame: between games, offers the games to start, and keeps the offer of a next game that one
/// player made to the other (answered by starting a game, or declined).
final class OffGameInteractor: PresentableInteractor<OffGamePresentable>, OffGameInteractable,
    OffGamePresentableListener
{
    weak var router: OffGameRouting?
    weak var listener: OffGameListener?

    private let games: [Game]
    /// The offer of a next game that waits for an answer; one at a time.
    private var offer: (seat: Seat, game: GameID)?

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

    func offerGame(withId gameId: String, by seat: Seat) throws(MatchError) {
        guard let game = games.first(where: { $0.id.rawValue == gameId }) else { throw .unknownGame }
        guard offer == nil else { throw .alreadyOffered }
        offer = (seat, game.id)
        presenter.presentGameOffered(by: seat, gameId: game.id)
    }

    func declineGame(by seat: Seat) throws(MatchError) {
        guard offer?.seat == seat.opponent else { throw .noOffer }
        offer = nil
        presenter.presentGameDeclined(by: seat)
    }
}
