import GameTestSupport
import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

/// Clocks through the whole tree: started with each game, charged with each move as its host measured
/// it, a run-out clock ending the game, and the snapshot keeping them.
struct MatchClockTests {
    private static let oneMinute = TimeControl(initialMilliseconds: 60_000, incrementMilliseconds: 1_000)!

    private static func clockedPair() throws -> Match {
        let match = Match(games: [TicTacToe(), RandomWin()], timeControl: oneMinute, drawWinner: { .player1 })
        _ = try match.apply(.login(name: "Alice"), by: nil)
        _ = try match.apply(.login(name: "Bob"), by: nil)
        return match
    }

    @Test func test_eachGame_startsBothClocksFull_andEachMoveIsChargedWithItsIncrement() throws {
        let match = try Self.clockedPair()
        let start = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        #expect(start.contains(.clock(GameClock(control: Self.oneMinute, firstToMove: .player1))))
        try Self.playFirstMoves(match)
        _ = try match.apply(.play(TicTacToeMove(position: Position(row: 1, col: 1)), took: .seconds(5)), by: .player1)
        let clock = try #require(match.snapshot.clock)
        #expect(clock.remaining(.player1) == .seconds(56))
        #expect(clock.running == .player2)
    }

    @Test func test_aMoveTooLate_isRefused_andTimeRanOut_endsTheGameForTheOpponent() throws {
        let match = try Self.clockedPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        try Self.playFirstMoves(match)
        #expect(throws: MatchError.wrongPhase) {
            try match.apply(.play(TicTacToeMove(position: Position(row: 1, col: 1)), took: .seconds(60)), by: .player1)
        }
        #expect(match.snapshot.clock?.remaining(.player1) == .seconds(60), "a refused move changes nothing")
        #expect(throws: MatchError.wrongPhase, "only the running clock runs out") { try match.apply(.timeRanOut, by: .player2) }
        let events = try match.apply(.timeRanOut, by: .player1)
        #expect(events.contains(.gameOver(winner: .player2, line: nil, reason: .time)))
        #expect(match.snapshot.lastGame?.reason == .time)
        #expect(match.snapshot.clock?.remaining(.player1) == .zero)
        #expect(match.snapshot.clock?.running == nil)
        #expect(throws: MatchError.wrongPhase) { try match.apply(.timeRanOut, by: .player1) }
    }

    /// Both sides' first moves (free, taking 5 s each): the clocks run from here (issue 40).
    private static func playFirstMoves(_ match: Match) throws {
        _ = try match.apply(.play(TicTacToeMove(position: Position(row: 2, col: 2)), took: .seconds(5)), by: .player1)
        _ = try match.apply(.play(TicTacToeMove(position: Position(row: 2, col: 0)), took: .seconds(5)), by: .player2)
        #expect(match.snapshot.clock?.running == .player1)
        #expect(match.snapshot.clock?.remaining(.player1) == .seconds(60), "neither charged nor given the increment")
    }

    @Test func test_theWinningMove_isCharged_andStopsTheClocks() throws {
        let match = try Self.clockedPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        let moves = [(0, 0, Seat.player1), (1, 0, .player2), (0, 1, .player1), (1, 1, .player2)]
        for (row, col, seat) in moves {
            _ = try match.apply(.play(TicTacToeMove(position: Position(row: row, col: col)), took: .seconds(1)), by: seat)
        }
        _ = try match.apply(.play(TicTacToeMove(position: Position(row: 0, col: 2)), took: .seconds(2)), by: .player1)
        let clock = try #require(match.snapshot.clock)
        #expect(clock.running == nil)
        #expect(clock.remaining(.player1) == .seconds(60 - 1 - 1 - 2 + 3))
        #expect(match.snapshot.lastGame?.reason == .line)
    }

    @Test func test_randomWin_andAMatchWithoutATimeControl_haveNoClock() throws {
        let clocked = try Self.clockedPair()
        _ = try clocked.apply(.startGame(gameId: "randomWin"), by: .player1)
        #expect(clocked.snapshot.clock == nil)
        let plain = try Match.withPair()
        let events = try plain.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        #expect(!events.contains { if case .clock = $0 { true } else { false } })
        #expect(plain.snapshot.clock == nil)
    }
}
