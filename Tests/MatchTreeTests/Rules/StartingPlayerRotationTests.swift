import MatchWords
import Testing

@testable import MatchTree

struct StartingPlayerRotationTests {
    @Test func test_successiveGames_startWithPlayer1ThenAlternate() {
        var rotation = StartingPlayerRotation()
        let starts = (0..<5).map { _ in rotation.nextStartingPlayer() }
        #expect(starts == [.player1, .player2, .player1, .player2, .player1])
    }

    @Test func test_newPair_startsWithPlayer1Again() {
        var previousPair = StartingPlayerRotation()
        _ = previousPair.nextStartingPlayer()
        var newPair = StartingPlayerRotation()
        #expect(newPair.nextStartingPlayer() == .player1)
    }
}
