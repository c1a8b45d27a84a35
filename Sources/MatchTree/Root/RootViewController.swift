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

    /// Whether `seat`'s move, `took` after its turn was told, came before its clock ran out.
    func checkTime(of seat: Seat, took: Duration) throws(MatchError) { try pairListener?.checkTime(of: seat, took: took) }

    /// A move of `seat` was accepted by the game shown, `took` after its turn was told.
    func movePlayed(by seat: Seat, took: Duration?) { pairListener?.movePlayed(by: seat, took: took) }

    /// `seat`'s clock ran out, as its host measured.
    func timeRanOut(for seat: Seat) throws(MatchError) { try pair().timeRanOut(for: seat) }

    /// `seat` made no first move within the first-move window, as its host measured.
    func firstMoveMissed(by seat: Seat) throws(MatchError) { try pair().firstMoveMissed(by: seat) }

    /// How long the running clock had run when the input being delivered arrived (`Match.apply`): set
    /// for the one delivery, like the time of a tap, and read by LoggedIn when a game ends without a move.
    var clockRan: Duration?

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

    func present(clock: GameClock?) {
        emit(.clock(clock))
    }
}
