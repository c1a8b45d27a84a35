import MatchWords
import Testing

@testable import MatchTree

struct ScoreTests {
    @Test func test_adding_countsAWinForTheWinnerOrADraw() {
        let score = Expected.score()
        #expect(score.adding(winner: .player1) == Expected.score(1, 0))
        #expect(score.adding(winner: .player2).adding(winner: .player2) == Expected.score(0, 2))
        #expect(score.adding(winner: nil) == Expected.score(draws: 1))
    }

    @Test func test_scoreStream_givesTheCurrentScoreThenEveryUpdate() {
        let stream = ScoreStreamImpl(player1Name: "Alice", player2Name: "Bob")
        stream.updateScore(withWinner: .player1)
        var scores: [Score] = []
        stream.score.subscribe { scores.append($0) }
        stream.updateScore(withWinner: nil)
        #expect(scores == [Expected.score(1, 0), Expected.score(1, 0, draws: 1)])
    }
}
