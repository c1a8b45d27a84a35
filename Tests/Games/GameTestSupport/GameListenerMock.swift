import MatchTree
import MatchWords

/// Records what a game tells LoggedIn: the winner of each game that ended.
public final class GameListenerMock: GameListener {
    public private(set) var winners: [Seat?] = []
    /// Called when the game ends, to see what was presented by then.
    public var onGameDidEnd: (() -> Void)?

    public init() {}

    public func gameDidEnd(withWinner winner: Seat?) {
        winners.append(winner)
        onGameDidEnd?()
    }
}
