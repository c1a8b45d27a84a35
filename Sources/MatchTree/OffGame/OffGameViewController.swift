import MatchWords
import RIBs

/// What OffGame's view forwards to its interactor.
protocol OffGamePresentableListener: AnyObject {
    /// Starts the game named `gameId`; throws `unknownGame` for an id OffGame does not offer.
    func startGame(withId gameId: String) throws(MatchError)
    /// `seat` offers to play `gameId` next: `unknownGame`, or `alreadyOffered` while an offer stands.
    func offerGame(withId gameId: String, by seat: Seat) throws(MatchError)
    /// `seat` declines the game its opponent offered; `noOffer` without one.
    func declineGame(by seat: Seat) throws(MatchError)
}

/// The screen between games: the scoreboard and a start button per game.
final class OffGameViewController: MatchViewController, OffGamePresentable, OffGameViewControllable {
    weak var listener: OffGamePresentableListener?

    private var scoreBoardView: ViewControllable?

    /// A game's start button.
    func startGame(withId gameId: String) throws(MatchError) {
        try listener?.startGame(withId: gameId)
    }

    /// A game's "offer" button, and the "decline" answer to an offer.
    func offerGame(withId gameId: String, by seat: Seat) throws(MatchError) {
        try listener?.offerGame(withId: gameId, by: seat)
    }

    func declineGame(by seat: Seat) throws(MatchError) {
        try listener?.declineGame(by: seat)
    }

    // MARK: - OffGamePresentable

    func present(games: [GameListing]) {
        emit(.screen(.offGame(games: games)))
    }

    func presentGameOffered(by seat: Seat, gameId: GameID) {
        emit(.gameOffered(seat, gameId))
    }

    func presentGameDeclined(by seat: Seat) {
        emit(.gameDeclined(seat))
    }

    // MARK: - OffGameViewControllable

    func show(scoreBoardView: ViewControllable) {
        self.scoreBoardView = scoreBoardView
    }
}
