import MatchTree
import MatchWords
import Testing

@testable import Kalah

/// How the computer plays Kalah: `easy` takes a win it sees and nothing more; `perfect` (a search
/// `searchDepth` sowings deep, not perfect play) also takes the captures and extra turns worth taking,
/// and beats `easy`.
struct KalahStrategyTests {
    @Test func test_bothLevels_takeAWinInOne() {
        // player1's pit 0 ends in pit 1, empty, facing player2's last seeds (index 11): 27-21 once swept.
        // Pit 3 ends in pit 4, empty, facing an empty pit: nothing.
        let game = KalahGame(pits: [1, 0, 0, 1, 0, 0, 20, 0, 0, 0, 0, 5, 0, 21], turn: .player1)
        for level in ComputerLevel.allCases {
            #expect(KalahStrategy.candidates(in: game, for: .player1, level: level) == [0], "\(level)")
        }
        // The same for player2, the board turned round.
        let mirrored = KalahGame(pits: [0, 0, 0, 0, 5, 0, 21, 1, 0, 0, 1, 0, 0, 20], turn: .player2)
        for level in ComputerLevel.allCases {
            #expect(KalahStrategy.candidates(in: mirrored, for: .player2, level: level) == [0], "\(level)")
        }
    }

    @Test func test_perfect_takesTheBigCapture() {
        // player1's pit 3 (one seed) ends in pit 4, empty, facing twelve seeds (index 8); no other sowing
        // of player1's captures anything.
        let game = KalahGame(pits: [2, 0, 3, 1, 0, 3, 10, 3, 12, 2, 2, 2, 2, 6], turn: .player1)
        #expect(KalahStrategy.candidates(in: game, for: .player1, level: .perfect) == [3])
        #expect(KalahStrategy.candidates(in: game, for: .player1, level: .easy) == [0, 2, 3, 5])
    }

    @Test func test_perfect_takesTheExtraTurnThatOpensACapture() {
        // Pit 5 (one seed) ends in the store: another turn, pit 5 empty, and pit 4's seed then lands in it,
        // facing ten seeds (index 7), which wins. Pit 4 first lands on pit 5's seed and passes the turn.
        let game = KalahGame(pits: [0, 0, 0, 0, 1, 1, 14, 10, 0, 0, 0, 0, 4, 18], turn: .player1)
        #expect(KalahStrategy.candidates(in: game, for: .player1, level: .perfect) == [5])
        #expect(KalahStrategy.candidates(in: game, for: .player1, level: .easy) == [4, 5])
    }

    @Test func test_anEmptyPitIsNeverChosen() throws {
        var game = KalahGame(pits: [0, 3, 0, 0, 7, 0, 10, 4, 0, 5, 0, 6, 1, 12], turn: .player1)
        for level in ComputerLevel.allCases {
            let pits = KalahStrategy.candidates(in: game, for: .player1, level: level)
            #expect(!pits.isEmpty && pits.allSatisfy { [1, 4].contains($0) }, "\(level)")
        }
        try game.sow(pit: 1, by: .player1)
        for level in ComputerLevel.allCases {
            let pits = KalahStrategy.candidates(in: game, for: .player2, level: level)
            #expect(!pits.isEmpty && pits.allSatisfy { game.seeds(inPit: $0, of: .player2) > 0 }, "\(level)")
        }
    }

    @Test func test_noMove_whenItIsNotItsTurn_orTheGameIsOver() throws {
        var game = KalahGame(startingPlayer: .player1)
        for level in ComputerLevel.allCases {
            #expect(KalahStrategy.pit(in: game, for: .player2, level: level, pick: { _ in 0 }) == nil)
            #expect(KalahStrategy.candidates(in: game, for: .player2, level: level).isEmpty)
        }
        game.end(winner: .player1)
        var ended = KalahGame(pits: [0, 0, 0, 0, 0, 1, 23, 1, 1, 1, 1, 1, 1, 18], turn: .player1)
        try ended.sow(pit: 5, by: .player1)
        for over in [game, ended] {
            for seat in Seat.allCases {
                for level in ComputerLevel.allCases {
                    #expect(KalahStrategy.pit(in: over, for: seat, level: level, pick: { _ in 0 }) == nil)
                }
            }
        }
    }

    /// 100 games, perfect and easy each starting half of them and each playing both seats; easy picks
    /// with a seeded generator. Every sowing is also played on the search's packed board, which must
    /// agree with the rules.
    ///
    /// Half a minute of searching in a debug build: the test yields after every move, or it would hold
    /// one of the two threads the whole run shares for all of it, and the tests that wait for a socket
    /// would time out behind it.
    @Test func test_perfect_beatsEasy_nearlyAlways() async throws {
        var random = SeededPicks(seed: 7)
        let games = 100
        var won = 0
        for index in 0..<games {
            let strong: Seat = index / 2 % 2 == 0 ? .player1 : .player2
            var game = KalahGame(startingPlayer: index % 2 == 0 ? strong : strong.opponent)
            while let turn = game.turn {
                let level: ComputerLevel = turn == strong ? .perfect : .easy
                let pit = try #require(KalahStrategy.pit(in: game, for: turn, level: level, pick: { random.next(below: $0) }))
                var board = KalahStrategy.Board(game)
                let sowing = board.sow(pit: pit, side: KalahStrategy.Board.side(of: turn))
                try game.sow(pit: pit, by: turn)
                #expect(board == KalahStrategy.Board(game))
                #expect((sowing == .ended) == (game.result != nil))
                #expect((sowing == .extraTurn) == (game.turn == turn))
                await Task.yield()
            }
            if game.result?.winner == strong { won += 1 }
        }
        print("Kalah: perfect won \(won) of \(games) games against easy")
        #expect(won * 100 >= games * 90)
    }
}

/// A small reproducible source of picks (a linear congruential generator).
private struct SeededPicks {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below count: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(count))
    }
}
