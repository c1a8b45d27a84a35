import MatchWords
import RIBs

/// Tutorial 4's deep link: wait until both players are logged in, then launch the game.
final class LaunchGameWorkflow: Workflow<RootActionableItem> {
    init(gameId: GameID) {
        super.init()
        onStep(named: "waitForLogin") { rootItem in
            rootItem.waitForLogin()
        }
        .onStep(named: "launchGame") { loggedInItem, _ in
            loggedInItem.launchGame(with: gameId)
        }
        .commit()
    }
}
