import MatchTree
import MatchWords

/// The last sowing of a game: who sowed, and from which of their own pits (0-5, counted from their
/// left, whatever their side of the board).
public struct KalahSowing: Hashable, Sendable {
    public let seat: Seat
    public let pit: Int

    public init(seat: Seat, pit: Int) {
        self.seat = seat
        self.pit = pit
    }
}

/// How a game of Kalah ended. Its own type rather than `GameOutcome`, which is about lines on a grid:
/// a Kalah game is won by seeds, and has no line to show.
enum KalahResult: Hashable {
    /// The seat's store holds more seeds once the board is swept.
    case win(Seat)
    /// 24-24.
    case draw
    /// `by` left a game in progress; the other seat wins it.
    case forfeit(by: Seat)

    /// Who won; nil for a draw.
    var winner: Seat? {
        switch self {
        case .win(let seat): seat
        case .draw: nil
        case .forfeit(let leaver): leaver.opponent
        }
    }
}

/// One game of Kalah as a value: the seeds in every pit and store, whose turn it is, the last sowing
/// and the result.
///
/// The board is 14 indices sown in increasing order: 0-5 `player1`'s pits, 6 `player1`'s store, 7-12
/// `player2`'s pits, 13 `player2`'s store. One array rather than two sides so that sowing is a single
/// walk round it, as on the wooden board; `index(ofPit:for:)` and `storeIndex(of:)` are the only places
/// that know the layout.
struct KalahGame: Hashable {
    /// Pits on each side, stores not counted.
    static let pitsPerSide = 6
    /// Seeds in every pit at the start.
    static let seedsPerPit = 4
    /// Pits and stores: each side's pits and its store.
    static let boardSize = 2 * (pitsPerSide + 1)
    /// All the seeds of a game (48); more than half of them in a store decides it.
    static let totalSeeds = 2 * pitsPerSide * seedsPerPit

    /// Seeds by board index (see the type's comment).
    private(set) var pits: [Int]
    /// The seat to move; nil once the game is over.
    private(set) var turn: Seat?
    /// nil before the first sowing.
    private(set) var last: KalahSowing?
    /// nil while the game goes on.
    private(set) var result: KalahResult?

    init(startingPlayer: Seat) {
        pits = (0..<Self.boardSize).map {
            $0 == Self.storeIndex(of: .player1) || $0 == Self.storeIndex(of: .player2) ? 0 : Self.seedsPerPit
        }
        turn = startingPlayer
    }

    /// Any position, `turn` to move: for tests, which would otherwise need long scripts of sowings to
    /// reach a capture or an ending. Not checked for an ended game: the end is looked for after a sowing.
    init(pits: [Int], turn: Seat) {
        precondition(pits.count == Self.boardSize && pits.allSatisfy { $0 >= 0 }, "a Kalah board is 14 counts of seeds")
        self.pits = pits
        self.turn = turn
    }

    /// The board index of `seat`'s pit `pit` (0-5).
    static func index(ofPit pit: Int, for seat: Seat) -> Int {
        seat == .player1 ? pit : pitsPerSide + 1 + pit
    }

    /// The board index of `seat`'s store: just after their last pit, so that sowing reaches it.
    static func storeIndex(of seat: Seat) -> Int {
        index(ofPit: pitsPerSide, for: seat)
    }

    /// The board index facing `index` across the board (a pit's for a pit).
    static func opposite(of index: Int) -> Int {
        2 * pitsPerSide - index
    }

    /// The seeds in `seat`'s store.
    func store(of seat: Seat) -> Int {
        pits[Self.storeIndex(of: seat)]
    }

    /// The seeds in `seat`'s pit `pit` (0-5).
    func seeds(inPit pit: Int, of seat: Seat) -> Int {
        pits[Self.index(ofPit: pit, for: seat)]
    }

    /// Sows every seed of `seat`'s pit `pit` (0-5) and passes the turn, keeps it (the last seed in
    /// `seat`'s store) or ends the game (a side left without seeds).
    /// Checks in this order, and throws changing nothing: not `seat`'s turn or the game is over
    /// (`notYourTurn`), no such pit (`outOfBounds`), the pit empty (`cellTaken`).
    mutating func sow(pit: Int, by seat: Seat) throws(MatchError) {
        guard result == nil, turn == seat else { throw .notYourTurn }
        guard (0..<Self.pitsPerSide).contains(pit) else { throw .outOfBounds }
        let start = Self.index(ofPit: pit, for: seat)
        guard pits[start] > 0 else { throw .cellTaken }

        var seeds = pits[start]
        pits[start] = 0
        var index = start
        let skipped = Self.storeIndex(of: seat.opponent)
        while seeds > 0 {
            index = (index + 1) % Self.boardSize
            // The emptied pit is not skipped: a lap of 13 seeds or more sows into it again.
            if index == skipped { continue }
            pits[index] += 1
            seeds -= 1
        }
        last = KalahSowing(seat: seat, pit: pit)

        let ownPits = Self.index(ofPit: 0, for: seat)..<Self.storeIndex(of: seat)
        // One seed now means the pit was empty before the last seed landed (true of the emptied pit too).
        if ownPits.contains(index), pits[index] == 1, pits[Self.opposite(of: index)] > 0 {
            pits[Self.storeIndex(of: seat)] += 1 + pits[Self.opposite(of: index)]
            pits[index] = 0
            pits[Self.opposite(of: index)] = 0
        }

        if Seat.allCases.contains(where: isSideEmpty) {
            end()
        } else {
            turn = index == Self.storeIndex(of: seat) ? seat : seat.opponent
        }
    }

    /// Ends a game in progress before its rules do: `winner` wins (the opponent gave up), or nil, a
    /// draw both agreed. The seeds stay where they are. Does nothing once the game is over.
    mutating func end(winner: Seat?) {
        guard result == nil else { return }
        result = winner.map { .forfeit(by: $0.opponent) } ?? .draw
        turn = nil
    }

    private func isSideEmpty(_ seat: Seat) -> Bool {
        (0..<Self.pitsPerSide).allSatisfy { seeds(inPit: $0, of: seat) == 0 }
    }

    /// One side has no seed left: each player's remaining seeds go to their own store, the larger
    /// store wins.
    private mutating func end() {
        for seat in Seat.allCases {
            for pit in 0..<Self.pitsPerSide {
                let index = Self.index(ofPit: pit, for: seat)
                pits[Self.storeIndex(of: seat)] += pits[index]
                pits[index] = 0
            }
        }
        let first = store(of: .player1)
        let second = store(of: .player2)
        result = first == second ? .draw : .win(first > second ? .player1 : .player2)
        turn = nil
    }
}
