import MatchTree
import MatchWords
import Testing

@testable import MatchHosting

struct SeatTokensTests {
    @Test func test_issue_givesATokenThatHoldsTheSeatAndTheHashTheLogKeeps() {
        var tokens = SeatTokens<Int>()
        let issued = tokens.issue(for: .player2)
        #expect(tokens.seat(heldBy: issued.token) == .player2)
        #expect(issued.hash == Secrets.tokenHash(issued.token))
        #expect(tokens.isTaken(.player2))
        #expect(!tokens.isTaken(.player1))
    }

    @Test func test_seatHeldByAnUnknownToken_isNil() {
        var tokens = SeatTokens<Int>()
        _ = tokens.issue(for: .player1)
        #expect(tokens.seat(heldBy: "not-a-token") == nil)
    }

    @Test func test_init_restoresTheSeatsOfAReplayedLog() {
        let tokens = SeatTokens<Int>(hashes: [.player2: Secrets.tokenHash("b"), .player1: Secrets.tokenHash("a")])
        #expect(tokens.takenSeats == [.player1, .player2])
        #expect(tokens.seat(heldBy: "b") == .player2)
    }

    @Test func test_release_killsTheTokenAndReturnsTheRunningTimeout() {
        var tokens = SeatTokens<Int>()
        let issued = tokens.issue(for: .player1)
        _ = tokens.startTimeout(.player1, 7)
        #expect(tokens.release(.player1) == 7)
        #expect(tokens.seat(heldBy: issued.token) == nil)
        #expect(tokens.stopTimeout(.player1) == nil)
    }

    @Test func test_startTimeout_returnsTheOneItReplaces() {
        var tokens = SeatTokens<Int>()
        #expect(tokens.startTimeout(.player1, 1) == nil)
        #expect(tokens.startTimeout(.player1, 2) == 1)
        #expect(tokens.startTimeout(.player2, 3) == nil)
    }

    @Test func test_stopTimeout_returnsItOnceAndKeepsTheToken() {
        var tokens = SeatTokens<Int>()
        _ = tokens.issue(for: .player1)
        _ = tokens.startTimeout(.player1, 1)
        #expect(tokens.stopTimeout(.player1) == 1)
        #expect(tokens.stopTimeout(.player1) == nil)
        #expect(tokens.isTaken(.player1))
    }

    @Test func test_stopAllTimeouts_returnsEveryOneAndForgetsThem() {
        var tokens = SeatTokens<Int>()
        _ = tokens.startTimeout(.player1, 1)
        _ = tokens.startTimeout(.player2, 2)
        #expect(tokens.stopAllTimeouts().sorted() == [1, 2])
        #expect(tokens.stopAllTimeouts().isEmpty)
    }
}
