import GameTestSupport
import MatchWords
import RandomWin
import Testing

@testable import MatchTree

struct MatchRandomWinTests {
    @Test func test_startRandomWin_presentsItsScreen() throws {
        let match = try Match.withPair()
        let events = try match.apply(.startGame(gameId: "randomWin"), by: .player2)
        #expect(events == [.gameStarted(gameId: .randomWin, startingPlayer: .player1), .screen(.randomWin)])
        #expect(match.snapshot.phase == .randomWin)
        #expect(match.snapshot.board == nil)
    }

    @Test func test_roll_drawsTheWinnerOnceAndScoresIt() throws {
        let draws = ScriptedDraws([.player2, .player1])
        let match = try Match.withPair(drawWinner: draws.next)
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player1)
        let events = try match.apply(.roll, by: .player1)
        #expect(events == [.gameOver(winner: .player2, line: nil, reason: .roll), .score(Expected.score(0, 1)), Expected.offGameScreen])
        #expect(draws.callCount == 1)
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player2)
        let second = try match.apply(.roll, by: .player2)
        #expect(second.first == .gameOver(winner: .player1, line: nil, reason: .roll))
        #expect(match.snapshot.score == Expected.score(1, 1))
        #expect(draws.callCount == 2)
    }
}
