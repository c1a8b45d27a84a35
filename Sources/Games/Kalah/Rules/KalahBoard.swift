import MatchTree
import MatchWords

/// What the Kalah screen shows: the seeds of the 14 places (0-5 `player1`'s pits, 6 its store, 7-12
/// `player2`'s pits, 13 its store), the seat to move (the same seat again after an extra turn, nil once
/// the game is over) and the last sowing (nil before the first).
public struct KalahBoard: GameBoard, Hashable {
    public let pits: [Int]
    public let turn: Seat?
    /// The seat that sowed last and its pit, 0-5 on its own side.
    public let last: (seat: Seat, pit: Int)?

    public init(pits: [Int], turn: Seat?, last: (seat: Seat, pit: Int)?) {
        self.pits = pits
        self.turn = turn
        self.last = last
    }

    public static func == (lhs: KalahBoard, rhs: KalahBoard) -> Bool {
        lhs.pits == rhs.pits && lhs.turn == rhs.turn && lhs.last?.seat == rhs.last?.seat && lhs.last?.pit == rhs.last?.pit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pits)
        hasher.combine(turn)
        hasher.combine(last?.seat)
        hasher.combine(last?.pit)
    }
}

extension KalahGame {
    /// What the Kalah screen shows of this game.
    var board: KalahBoard {
        KalahBoard(pits: pits, turn: turn, last: last.map { ($0.seat, $0.pit) })
    }
}
