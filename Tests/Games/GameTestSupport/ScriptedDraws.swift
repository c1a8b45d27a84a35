import MatchTree
import MatchWords

/// A random source that gives `draws` in order, counting its calls.
public final class ScriptedDraws {
    private var draws: [Seat]
    public private(set) var callCount = 0

    public init(_ draws: [Seat]) {
        self.draws = draws
    }

    public func next() -> Seat {
        callCount += 1
        return draws.removeFirst()
    }
}
