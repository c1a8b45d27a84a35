import RIBs

/// What OffGame's view forwards to its interactor.
protocol OffGamePresentableListener: AnyObject {
    /// Starts the game named `gameId`; throws `unknownGame` for an id OffGame does not offer.
    func startGame(withId gameId: String) throws(MatchError)
}

/// The screen between games: the scoreboard and a start button per game.
final class OffGameViewController: MatchViewController, OffGamePresentable, OffGameViewControllable {
    weak var listener: OffGamePresentableListener?

    private var scoreBoardView: ViewControllable?

    /// A game's start button.
    func startGame(withId gameId: String) throws(MatchError) {
        try listener?.startGame(withId: gameId)
    }

    // MARK: - OffGamePresentable

    func present(games: [GameListing]) {
        emit(.screen(.offGame(games: games)))
    }

    // MARK: - OffGameViewControllable

    func show(scoreBoardView: ViewControllable) {
        self.scoreBoardView = scoreBoardView
    }
}
