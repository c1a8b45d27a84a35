import GameUnits
import MatchTree
import MatchWords

/// Kalah as the server offers it: six pits a side with four seeds in each, and a store for each
/// player. A move sows every seed of one of the mover's pits round the board; a last seed in the
/// mover's store gives another move, one in an empty pit of the mover's captures the seeds opposite;
/// when a side is empty the larger store wins. The first game the server offers that is not played
/// on a grid: its board is pits of seeds, not cells of seats.
///
/// Its parts: `Rules/` (the game as a value, the computer's search), `RIB/` (the game in the match
/// tree), `Unit/` (its board, client message and record as the wire and the log write them).
public struct Kalah: GameUnit {
    public static let id: GameID = "kalah"

    public var id: GameID { Self.id }
    public var name: String { "Kalah" }

    public init() {}

    public func makeBuilder(dependency: GameDependency) -> GameBuildable {
        KalahBuilder(dependency: dependency)
    }
}

/// Sowing one of the mover's pits: Kalah's only move.
public struct KalahSow: GameAction, Hashable {
    /// The pit, 0 to 5 counted from the mover's left on the mover's side; any other number is refused
    /// as `outOfBounds`.
    public let pit: Int
    public var game: GameID { Kalah.id }

    public init(pit: Int) {
        self.pit = pit
    }
}

extension MatchInput {
    /// Sows pit `pit` (0-5, on the mover's side) in a game of Kalah.
    public static func sow(pit: Int) -> MatchInput { .play(KalahSow(pit: pit)) }
}
