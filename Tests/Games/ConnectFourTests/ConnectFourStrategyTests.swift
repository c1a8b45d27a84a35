import MatchTree
import MatchWords
import Testing

@testable import ConnectFour

/// How the computer plays Connect Four: `easy` takes a win it sees and nothing more; `perfect` (a
/// search `searchDepth` discs deep, not perfect play) also blocks, and beats `easy`.
struct ConnectFourStrategyTests {
    /// The game after `columns`, dropped alternately, player1 first.
    private func game(_ columns: [Int]) throws -> ConnectFourGame {
        var game = ConnectFourGame(startingPlayer: .player1)
        for column in columns {
            try game.drop(in: column, by: try #require(game.turn))
        }
        return game
    }

    @Test func test_bothLevels_takeAWinInOne() throws {
        // player1 has three in the bottom row (columns 0-2); player2 three above them in 0-2; player1 to move.
        let board = try game([0, 0, 1, 1, 2, 2])
        for level in ComputerLevel.allCases {
            let columns = ConnectFourStrategy.candidates(on: board.grid, for: .player1, level: level)
            #expect(columns == [3], "\(level)")
        }
    }

    @Test func test_perfect_blocksALossInOne_easyDoesNot() throws {
        // player1 has three in the bottom row (0-2); player2 (to move) has two discs elsewhere.
        let board = try game([0, 6, 1, 6, 2])
        #expect(ConnectFourStrategy.candidates(on: board.grid, for: .player2, level: .perfect) == [3])
        #expect(ConnectFourStrategy.candidates(on: board.grid, for: .player2, level: .easy).count == 7)
    }

    @Test func test_aFullColumnIsNeverChosen_andAFullGridHasNoMove() throws {
        let board = try game([3, 3, 3, 3, 3, 3])
        for level in ComputerLevel.allCases {
            #expect(!ConnectFourStrategy.candidates(on: board.grid, for: .player1, level: level).contains(3))
        }
        var full = Grid()
        var seat = Seat.player1
        // Columns filled two by two in an order that makes no four in a row: 0,1 / 2,3 / 4,5 pairs swapped per row.
        for column in [0, 1, 2, 3, 4, 5, 6] {
            for _ in 0..<Grid.rows {
                _ = try full.drop(seat, in: column)
                seat = seat.opponent
            }
        }
        #expect(ConnectFourStrategy.column(on: full, for: .player1, level: .perfect, pick: { _ in 0 }) == nil)
    }

    /// Seconds of searching in a debug build: it yields after every move so as not to hold one of the
    /// run's two threads all along (KalahStrategyTests says why).
    @Test func test_perfect_beatsEasy_movingFirstOrSecond() async throws {
        var random = SeededPicks(seed: 7)
        for strongStarts in [true, false] {
            for _ in 0..<3 {
                var game = ConnectFourGame(startingPlayer: .player1)
                let strong: Seat = strongStarts ? .player1 : .player2
                while let turn = game.turn {
                    let level: ComputerLevel = turn == strong ? .perfect : .easy
                    let column = try #require(
                        ConnectFourStrategy.column(on: game.grid, for: turn, level: level, pick: { random.next(below: $0) }))
                    try game.drop(in: column, by: turn)
                    await Task.yield()
                }
                #expect(game.outcome?.winner == strong)
            }
        }
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
