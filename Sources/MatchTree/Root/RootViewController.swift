import MatchWords
import RIBs

/// What Root's view forwards to Root's interactor: the window's leave button.
protocol RootPresentableListener: AnyObject {
    /// `seat` gives up its seat; during a game it forfeits, the game ending with `reason` (`left`, or
    /// `seatTimeout` when nobody came back to the seat). Throws `notSeated` for a free seat.
    func leave(seat: Seat, reason: GameEndReason) throws(MatchError)
}

/// The window's root view: shows one child view at a time, and the header with the pair's score
/// and the game being started, which LoggedIn (viewless) presents through it.
final class RootViewController: MatchViewController, RootPresentable, RootViewControllable,
    LoggedInViewControllable, LoggedInPresentable
{
    weak var listener: RootPresentableListener?
    /// LoggedIn's interactor while a pair is seated: LoggedIn, viewless, presents through this view.
    weak var pairListener: LoggedInPresentableListener?

    /// The child view shown now: the one player input goes to.
    private(set) var presentedViewController: ViewControllable?

    /// The leave button, or the seat's timeout.
    func leave(seat: Seat, reason: GameEndReason) throws(MatchError) {
        try listener?.leave(seat: seat, reason: reason)
    }

    /// The buttons beside a game: resign, offer, accept or decline a draw, claim the game. Between
    /// pairs nobody plays: `wrongPhase`.
    func resign(by seat: Seat) throws(MatchError) { try pair().resign(by: seat) }
    func offerDraw(by seat: Seat) throws(MatchError) { try pair().offerDraw(by: seat) }
    func answerDraw(by seat: Seat, accept: Bool) throws(MatchError) { try pair().answerDraw(by: seat, accept: accept) }
    func claimGame(by seat: Seat) throws(MatchError) { try pair().claimGame(by: seat) }

    /// A move of `seat` was accepted by the game shown.
    func movePlayed(by seat: Seat) { pairListener?.movePlayed(by: seat) }

    private func pair() throws(MatchError) -> LoggedInPresentableListener {
        guard let pairListener else { throw .wrongPhase }
        return pairListener
    }

    // MARK: - ChildViewHosting

    func present(viewController: ViewControllable) {
        presentedViewController = viewController
    }

    func dismiss(viewController: ViewControllable) {
        if presentedViewController === viewController {
            presentedViewController = nil
        }
    }

    // MARK: - RootPresentable

    func presentLaunchQueued(gameId: GameID) {
        emit(.launchQueued(gameId: gameId))
    }

    // MARK: - LoggedInPresentable

    func present(score: Score) {
        emit(.score(score))
    }

    func presentGameStarted(gameId: GameID, startingPlayer: Seat) {
        emit(.gameStarted(gameId: gameId, startingPlayer: startingPlayer))
    }

    func presentDrawOffered(by seat: Seat) {
        emit(.drawOffered(seat))
    }

    func presentDrawDeclined(by seat: Seat) {
        emit(.drawDeclined(seat))
    }

    func presentDrawOfferLapsed() {
        emit(.drawOfferLapsed)
    }
}
