import GameUnits
import MatchTree
import MatchWords

/// Random Win (tutorial 4's second game): one roll draws the winner.
///
/// Its parts: `RIB/` (the game in the match tree), `Unit/` (its client message and its record).
public struct RandomWin: GameUnit {
    public static let id: GameID = "randomWin"

    public var id: GameID { Self.id }
    public var name: String { "Random Win" }
    /// One roll decides it: there is nothing to resign or to agree a draw in.
    public var offersResignationAndDraws: Bool { false }
    /// One roll, by either player: no turns to time.
    public var playsUnderClock: Bool { false }
    /// One roll decides it: nobody waits for a stranger to play it.
    public var isQueueable: Bool { false }
    /// A roll measures no skill: never rated (issue 42).
    public var isRated: Bool { false }

    public init() {}

    public func makeBuilder(dependency: GameDependency) -> GameBuildable {
        RandomWinBuilder(dependency: dependency)
    }
}

/// A roll: Random Win's only move.
public struct RandomWinRoll: GameAction, Hashable {
    public var game: GameID { RandomWin.id }

    public init() {}
}

extension MatchInput {
    /// Rolls in a game of Random Win.
    public static var roll: MatchInput { .play(RandomWinRoll()) }
}
