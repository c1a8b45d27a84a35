import MatchTree
import MatchWords

/// What the Kalah screen shows: the seeds of the 14 places (0-5 `player1`'s pits, 6 its store, 7-12
/// `player2`'s pits, 13 its store), the seat to move (the same seat again after an extra turn, nil once
/// the game is over) and the last sowing (nil before the first).
public struct KalahBoard: GameBoard, Hashable {
    public let pits: [Int]
    public let turn: Seat?
    /// The seat that sowed last and its pit, 0-5 on its own side.
    public let last: KalahSowing?

    public init(pits: [Int], turn: Seat?, last: KalahSowing?) {
        self.pits = pits
        self.turn = turn
        self.last = last
    }
}

extension KalahGame {
    /// What the Kalah screen shows of this game.
    var board: KalahBoard { KalahBoard(pits: pits, turn: turn, last: last) }
}
