import GameTestSupport
import GridGames
import MatchTree
import MatchWords
import Testing

@testable import ConnectFour

struct ConnectFourGameTests {
    /// Plays `columns` alternately, the starting player first.
    private func game(_ columns: [Int], startingPlayer: Seat = .player1) throws -> ConnectFourGame {
        var game = ConnectFourGame(startingPlayer: startingPlayer)
        var seat = startingPlayer
        for column in columns {
            try game.drop(in: column, by: seat)
            seat = seat.opponent
        }
        return game
    }

    @Test func test_aDisc_fallsToTheBottomRow_thenStacks() throws {
        let game = try self.game([3, 3])
        #expect(game.state.cells[5 * 7 + 3] == .player1)
        #expect(game.state.cells[4 * 7 + 3] == .player2)
        #expect(game.state.last == Move(position: Position(row: 4, col: 3), seat: .player2))
        #expect(game.state.turn == .player1)
        #expect(game.state.cells.count == 42)
    }

    @Test func test_refusals_inOrder_notYourTurn_outOfBounds_cellTaken_changeNothing() throws {
        var game = try self.game([0, 0, 0, 0, 0, 0])
        let before = game
        #expect(throws: MatchError.notYourTurn) { try game.drop(in: 7, by: .player2) }
        #expect(throws: MatchError.outOfBounds) { try game.drop(in: 7, by: .player1) }
        #expect(throws: MatchError.outOfBounds) { try game.drop(in: -1, by: .player1) }
        #expect(throws: MatchError.outOfBounds) { try game.drop(in: Int.max, by: .player1) }
        #expect(throws: MatchError.cellTaken) { try game.drop(in: 0, by: .player1) }
        #expect(game == before)
    }

    @Test func test_fourDown_wins_withTheLineTopToBottom() throws {
        // player1 in column 2, player2 in column 4.
        let game = try self.game([2, 4, 2, 4, 2, 4, 2])
        #expect(game.outcome == .win(.player1, line: line((2, 2), (3, 2), (4, 2), (5, 2))))
        #expect(game.state.turn == nil)
    }

    @Test func test_fourAcross_wins_withTheLineLeftToRight() throws {
        let game = try self.game([0, 0, 1, 1, 2, 2, 3])
        #expect(game.outcome == .win(.player1, line: line((5, 0), (5, 1), (5, 2), (5, 3))))
    }

    @Test func test_bothDiagonals_win() throws {
        // "/" from (5,0) up to (2,3).
        let rising = try self.game([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3])
        #expect(rising.outcome == .win(.player1, line: line((2, 3), (3, 2), (4, 1), (5, 0))))
        // "\" from (2,3) down to (5,6): the mirror image.
        let falling = try self.game([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3])
        #expect(falling.outcome == .win(.player1, line: line((2, 3), (3, 4), (4, 5), (5, 6))))
    }

    @Test func test_aDiscJoiningTwoRuns_winsWithFourThatIncludeIt() throws {
        // player1: 0, 1, 3, 4 on the bottom row, then 2 joins them into five.
        let game = try self.game([0, 0, 1, 1, 3, 3, 4, 6, 2])
        let line = try #require(game.outcome?.line)
        #expect(line.count == 4)
        #expect(line.contains(Position(row: 5, col: 2)))
        #expect(line == GridGames.Position.bottomRow(0...3))
    }

    @Test func test_aFullGridWithoutFour_isADraw() throws {
        // Columns filled in pairs so that no four line up: 0 1 0 1 0 1 then 1 0 1 0 1 0, and so on.
        var columns: [Int] = []
        for pair in [(0, 1), (2, 3), (4, 5)] {
            columns += Array(repeating: [pair.0, pair.1], count: 3).flatMap { $0 }
            columns += Array(repeating: [pair.1, pair.0], count: 3).flatMap { $0 }
        }
        columns += Array(repeating: 6, count: 6)
        let game = try self.game(columns)
        #expect(game.outcome == .draw)
        #expect(game.state.turn == nil)
        #expect(!game.state.cells.contains(nil))
    }

    @Test func test_afterTheEnd_everyDropIsNotYourTurn() throws {
        var game = try self.game([2, 4, 2, 4, 2, 4, 2])
        #expect(throws: MatchError.notYourTurn) { try game.drop(in: 0, by: .player2) }
        #expect(throws: MatchError.notYourTurn) { try game.drop(in: 0, by: .player1) }
    }

    @Test func test_forfeit_givesTheOpponentTheGame_once() throws {
        var game = try self.game([3])
        game.end(winner: .player1)
        #expect(game.outcome == .forfeit(by: .player2))
        #expect(game.outcome?.winner == .player1)
        #expect(game.outcome?.line == nil)
        game.end(winner: .player2)
        #expect(game.outcome == .forfeit(by: .player2))
    }
}

extension Position {
    /// The bottom row's cells in `columns`, left to right.
    fileprivate static func bottomRow(_ columns: ClosedRange<Int>) -> [Position] {
        columns.map { Position(row: 5, col: $0) }
    }
}
