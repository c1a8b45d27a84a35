import MatchWords
import RIBs

/// LoggedIn as a workflow step (tutorial 4).
protocol LoggedInActionableItem: AnyObject {
    /// Starts the game `gameId` when between games; a game being played goes on. Completes at once.
    func launchGame(with gameId: GameID) -> Observable<(LoggedInActionableItem, Void)>
}
