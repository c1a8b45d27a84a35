import MatchWords
import RIBs

/// What Root's view forwards to Root's interactor: the window's leave button.
protocol RootPresentableListener: AnyObject {
    /// `seat` gives up its seat; during a game it forfeits. Throws `notSeated` for a free seat.
    func leave(seat: Seat) throws(MatchError)
}

/// The window's root view: shows one child view at a time, and the header with the pair's score
/// and the game being started, which LoggedIn (viewless) presents through it.
final class RootViewController: MatchViewController, RootPresentable, RootViewControllable,
    LoggedInViewControllable, LoggedInPresentable
{
    weak var listener: RootPresentableListener?

    /// The child view shown now: the one player input goes to.
    private(set) var presentedViewController: ViewControllable?

    /// The leave button.
    func leave(seat: Seat) throws(MatchError) {
        try listener?.leave(seat: seat)
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
}
