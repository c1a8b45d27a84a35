import GameTestSupport
import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

struct MatchLeaveTests {
    @Test func test_leaveDuringTicTacToe_forfeitsThenReturnsToLoggedOut() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        _ = try match.apply(.move(row: 0, col: 0), by: .player1)
        let events = try match.apply(.leave, by: .player1)
        #expect(
            events == [
                .gameOver(winner: .player2, line: nil, reason: .left),
                .score(Expected.score(0, 1)),
                .playersChanged([Expected.player(.player2, "Bob")]),
                .screen(.loggedOut(freeSeats: [.player1])),
            ])
        #expect(
            match.snapshot
                == MatchSnapshot(
                    phase: .loggedOut, players: [Expected.player(.player2, "Bob")], score: nil, board: nil
                ))
    }

    @Test func test_leaveDuringRandomWin_forfeits() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player1)
        let events = try match.apply(.leave, by: .player2)
        #expect(Array(events.prefix(2)) == [.gameOver(winner: .player1, line: nil, reason: .left), .score(Expected.score(1, 0))])
    }

    @Test func test_leaveInOffGame_returnsToLoggedOutWithoutScore() throws {
        let match = try Match.withPair()
        let events = try match.apply(.leave, by: .player2)
        #expect(
            events == [
                .playersChanged([Expected.player(.player1, "Alice")]),
                .screen(.loggedOut(freeSeats: [.player2])),
            ])
    }

    @Test func test_leaveInLoggedOut_freesTheSeat() throws {
        let match = Match(drawWinner: { .player1 })
        _ = try match.apply(.login(name: "Alice"), by: nil)
        let events = try match.apply(.leave, by: .player1)
        #expect(events == [.playersChanged([]), .screen(.loggedOut(freeSeats: [.player1, .player2]))])
        #expect(throws: MatchError.notSeated) { try match.apply(.leave, by: .player1) }
    }

    @Test func test_newPairAfterLeave_keepsTheRemainingPlayerAndStartsFromZero() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        try match.play(Script.player1WinsTopRow)
        _ = try match.apply(.leave, by: .player1)
        let events = try match.apply(.login(name: "Carol"), by: nil)
        #expect(
            events == [
                .seated(Expected.player(.player1, "Carol")),
                .playersChanged([Expected.player(.player1, "Carol"), Expected.player(.player2, "Bob")]),
                .score(Expected.score(names: ("Carol", "Bob"))),
                Expected.offGameScreen,
            ])
        // The new pair's first game starts with player1 again.
        let start = try match.apply(.startGame(gameId: "ticTacToe"), by: .player2)
        #expect(start.first == .gameStarted(gameId: .ticTacToe, startingPlayer: .player1))
    }

    @Test func test_samePairLoggingInAgain_isToldItsZeroScore() throws {
        let match = try Match.withPair()
        _ = try match.apply(.leave, by: .player2)
        let events = try match.apply(.login(name: "Bob"), by: nil)
        #expect(events.contains(.score(Expected.score())))
    }
}
