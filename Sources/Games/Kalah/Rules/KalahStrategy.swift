import MatchTree
import MatchWords

/// How the computer plays Kalah. Pure: a game in, the pits it would sow out.
///
/// - `easy` sows a pit that wins the game at once (the last seeds ending it with the larger store)
///   when it sees one, else any pit that is not empty: it makes mistakes and can lose.
/// - `perfect` is not perfect play (Kalah(6,4) is solved, but by a search far larger than a move may
///   take): it looks `searchDepth` sowings ahead, its own extra turns counted among them, with negamax
///   and alpha-beta on a packed copy of the board, valuing an ended game far above any position and
///   sooner above later, and any other position by its store less the opponent's. It takes a win in one,
///   takes the captures and extra turns worth taking, and sees the gains and losses within its horizon.
///   Measured in a release build on a loaded 2-core Linux machine (the best of three timings of each
///   move): 2 ms a move on average, about 2 ms at the opening, 19 ms for the slowest move of 400 games;
///   and those 400 games against `easy`, each starting half of them, all won (100 %).
enum KalahStrategy {
    /// How many sowings, extra turns included, `perfect` looks ahead. 10 keeps a move well under
    /// 50 ms in a release build, at the opening as in the middle game (19 ms at the worst measured;
    /// each sowing more roughly doubles the time: 11 reached 32 ms, 12 reached 66 ms).
    static let searchDepth = 10

    /// The pit (0-5) the computer playing `seat` sows, picked by `pick` among those `level` finds
    /// equally good; nil when it is not `seat`'s turn or the game is over.
    static func pit(in game: KalahGame, for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> Int? {
        let choices = candidates(in: game, for: seat, level: level)
        guard !choices.isEmpty else { return nil }
        return choices[pick(choices.count)]
    }

    /// Every pit (0-5, ascending) `level` would sow for `seat`; empty when it is not `seat`'s turn or
    /// the game is over.
    static func candidates(in game: KalahGame, for seat: Seat, level: ComputerLevel) -> [Int] {
        guard game.result == nil, game.turn == seat else { return [] }
        let board = Board(game)
        let side = Board.side(of: seat)
        let open = (0..<KalahGame.pitsPerSide).filter { board.seeds(inPit: $0, of: side) > 0 }
        switch level {
        case .easy:
            let winning = open.filter { pit in
                var after = board
                return after.sow(pit: pit, side: side) == .ended && after.storeDifference(for: side) > 0
            }
            return winning.isEmpty ? open : winning
        case .perfect:
            return board.best(of: open, side: side, depth: searchDepth)
        }
    }
}

extension KalahStrategy {
    /// The board as the search plays on it: the 14 counts of `KalahGame.pits` (never above 48) packed a
    /// byte each into two words, so that a position is copied, not allocated, for every sowing tried.
    /// A side is 0 (`player1`) or 1 (`player2`).
    struct Board: Equatable {
        /// What a sowing leads to.
        enum Sowing: Equatable {
            case passes
            /// The last seed in the mover's store: the mover sows again.
            case extraTurn
            /// A side has no seed left; the board is swept into the stores.
            case ended
        }

        /// Far above any store difference (at most 48): an ended game.
        static let win = 1_000
        private static let infinity = 1_000_000
        /// The pits in the order the search tries them: nearest the store first, where the extra turns
        /// and captures that cut the search short are most often found.
        private static let order = Array((0..<KalahGame.pitsPerSide).reversed())

        /// Indices 0-7.
        private var low: UInt64 = 0
        /// Indices 8-13.
        private var high: UInt64 = 0

        init(_ game: KalahGame) {
            for (index, seeds) in game.pits.enumerated() {
                self[index] = seeds
            }
        }

        static func side(of seat: Seat) -> Int { seat == .player1 ? 0 : 1 }

        private static func seat(of side: Int) -> Seat { side == 0 ? .player1 : .player2 }

        subscript(index: Int) -> Int {
            get {
                index < 8 ? Int((low >> (8 * index)) & 0xFF) : Int((high >> (8 * (index - 8))) & 0xFF)
            }
            set {
                if index < 8 {
                    low = low & ~(0xFF << (8 * index)) | UInt64(newValue) << (8 * index)
                } else {
                    high = high & ~(0xFF << (8 * (index - 8))) | UInt64(newValue) << (8 * (index - 8))
                }
            }
        }

        func seeds(inPit pit: Int, of side: Int) -> Int {
            self[KalahGame.index(ofPit: pit, for: Self.seat(of: side))]
        }

        /// `side`'s store less the other's.
        func storeDifference(for side: Int) -> Int {
            self[KalahGame.storeIndex(of: Self.seat(of: side))] - self[KalahGame.storeIndex(of: Self.seat(of: 1 - side))]
        }

        /// Sows `side`'s pit `pit`, which is not empty, by the rules of `KalahGame.sow(pit:by:)`.
        mutating func sow(pit: Int, side: Int) -> Sowing {
            let seat = Self.seat(of: side)
            let start = KalahGame.index(ofPit: pit, for: seat)
            let store = KalahGame.storeIndex(of: seat)
            let skipped = KalahGame.storeIndex(of: seat.opponent)
            var seeds = self[start]
            self[start] = 0
            var index = start
            while seeds > 0 {
                index = index == KalahGame.boardSize - 1 ? 0 : index + 1
                if index == skipped { continue }
                self[index] += 1
                seeds -= 1
            }
            let first = KalahGame.index(ofPit: 0, for: seat)
            if index >= first, index < store, self[index] == 1 {
                let opposite = KalahGame.opposite(of: index)
                let captured = self[opposite]
                if captured > 0 {
                    self[store] += captured + 1
                    self[index] = 0
                    self[opposite] = 0
                }
            }
            if isSideEmpty(0) || isSideEmpty(1) {
                sweep()
                return .ended
            }
            return index == store ? .extraTurn : .passes
        }

        private func isSideEmpty(_ side: Int) -> Bool {
            (0..<KalahGame.pitsPerSide).allSatisfy { seeds(inPit: $0, of: side) == 0 }
        }

        private mutating func sweep() {
            for seat in Seat.allCases {
                for pit in 0..<KalahGame.pitsPerSide {
                    let index = KalahGame.index(ofPit: pit, for: seat)
                    self[KalahGame.storeIndex(of: seat)] += self[index]
                    self[index] = 0
                }
            }
        }

        /// The pits of `open` (not empty) whose sowing the search values highest for `side`, ascending.
        /// Each pit is searched with the window opening just below the best value so far: a worse pit
        /// fails low and drops out, an equal one comes back with its exact value.
        func best(of open: [Int], side: Int, depth: Int) -> [Int] {
            var best = -Self.infinity
            var chosen: [Int] = []
            for pit in Self.order where open.contains(pit) {
                let value = self.value(sowing: pit, side: side, depth: depth, alpha: best - 1, beta: Self.infinity)
                if value > best {
                    best = value
                    chosen = [pit]
                } else if value == best {
                    chosen.append(pit)
                }
            }
            return chosen.sorted()
        }

        /// The value for `side` of sowing `pit`, with `depth` sowings left to look at (this one among them).
        private func value(sowing pit: Int, side: Int, depth: Int, alpha: Int, beta: Int) -> Int {
            var after = self
            switch after.sow(pit: pit, side: side) {
            case .ended:
                // A win sooner is worth more: `depth` is what was left of the horizon.
                let difference = after.storeDifference(for: side)
                return difference == 0 ? 0 : difference > 0 ? Self.win + depth : -(Self.win + depth)
            case .extraTurn:
                // The same side again: no change of sign, but a ply of the horizon all the same.
                return after.negamax(depth: depth - 1, alpha: alpha, beta: beta, side: side)
            case .passes:
                return -after.negamax(depth: depth - 1, alpha: -beta, beta: -alpha, side: 1 - side)
            }
        }

        /// The value of the board for `side`, to move, looking `depth` sowings ahead.
        private func negamax(depth: Int, alpha: Int, beta: Int, side: Int) -> Int {
            if depth == 0 { return storeDifference(for: side) }
            var alpha = alpha
            var best = -Self.infinity
            // Two passes: the sowings that earn an extra turn first, then the others.
            for extraTurnsFirst in [true, false] {
                for pit in Self.order where seeds(inPit: pit, of: side) > 0 && endsInStore(pit: pit, side: side) == extraTurnsFirst {
                    let value = self.value(sowing: pit, side: side, depth: depth, alpha: alpha, beta: beta)
                    best = max(best, value)
                    alpha = max(alpha, value)
                    if alpha >= beta { return best }
                }
            }
            return best
        }

        /// Whether sowing `side`'s pit `pit` ends in `side`'s store (an extra turn, or the end of the game).
        private func endsInStore(pit: Int, side: Int) -> Bool {
            // From pit P the store is 6 - P seeds away, then a lap of 13 more.
            (seeds(inPit: pit, of: side) - (KalahGame.pitsPerSide - pit)) % (KalahGame.boardSize - 1) == 0
        }
    }
}
