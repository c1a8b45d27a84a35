import MatchWords
import Testing
import TicTacToe

@testable import MatchTree

struct MatchDisplayTests {
    @Test func test_drain_givesTheEventsShownSinceTheLastDrain() {
        let display = MatchDisplay()
        display.show(.playersChanged([]))
        #expect(display.drain() == [.playersChanged([])])
        #expect(display.drain() == [])
    }

    @Test func test_scoreEqualToTheShownOne_isDropped() {
        let display = MatchDisplay()
        display.show(.score(Expected.score()))
        display.show(.score(Expected.score()))
        display.show(.score(Expected.score(1, 0)))
        #expect(display.drain() == [.score(Expected.score()), .score(Expected.score(1, 0))])
    }

    @Test func test_loggedOutScreen_forgetsTheScoreSoANewPairsZeroIsShown() {
        let display = MatchDisplay()
        display.show(.score(Expected.score()))
        display.show(.screen(.loggedOut(freeSeats: [.player2])))
        #expect(display.snapshot.score == nil)
        display.show(.score(Expected.score()))
        #expect(display.drain().last == .score(Expected.score()))
    }

    @Test func test_board_isInTheSnapshotOnlyWhileTicTacToeIsShown() {
        let display = MatchDisplay()
        let board = Expected.emptyBoard(turn: .player1)
        display.show(.screen(.ticTacToe(board: board)))
        #expect(display.snapshot.board?.grid == board && display.snapshot.phase == .ticTacToe)
        display.show(.gameOver(winner: nil, line: nil, reason: .draw))
        #expect(display.snapshot.board?.grid == board)
        display.show(Expected.offGameScreen)
        #expect(display.snapshot.board == nil && display.snapshot.phase == .offGame)
    }
}
