import GameTestSupport
import MatchTree
import MatchWords
import Testing

/// The tree with no real game: a match offers only `FakeGame`, so what is checked here is the tree's
/// own part (routing to a game, handing it moves, the game's end reaching the score), not a game's rules.
struct MatchWithAFakeGameTests {
    private func pairInOffGame() throws -> Match {
        let match = Match(games: [FakeGame()], drawWinner: { .player1 })
        _ = try match.apply(.login(name: "Alice"), by: nil)
        _ = try match.apply(.login(name: "Bob"), by: nil)
        return match
    }

    @Test func test_offGame_listsOnlyTheGamesTheMatchWasGiven() throws {
        let match = try pairInOffGame()
        #expect(match.snapshot.phase == .offGame)
        #expect(throws: MatchError.unknownGame) { try match.apply(.startGame(gameId: "ticTacToe"), by: .player1) }
    }

    @Test func test_aGameThatIsNotAGrid_isPlayedThroughTheTree_andItsEndCounts() throws {
        let match = try pairInOffGame()
        let start = try match.apply(.startGame(gameId: "fakeGame"), by: .player1)
        #expect(start.contains(.screen(.playing(FakeGame.id, board: FakeBoard(turn: .player1)))))
        #expect(match.snapshot.board == AnyGameBoard(FakeBoard(turn: .player1)))

        #expect(throws: MatchError.notYourTurn) { try match.apply(.poke(0), by: .player2) }
        #expect(throws: MatchError.outOfBounds) { try match.apply(.poke(3), by: .player1) }
        _ = try match.apply(.poke(1), by: .player1)
        #expect(throws: MatchError.cellTaken) { try match.apply(.poke(1), by: .player2) }
        _ = try match.apply(.poke(0), by: .player2)
        let last = try match.apply(.poke(2), by: .player1)

        #expect(last.contains(.board(FakeBoard(places: [.player2, .player1, .player1], turn: nil))))
        #expect(last.contains(.gameOver(winner: .player1, line: nil, reason: .line)))
        #expect(match.snapshot.score?.player1Wins == 1)
        #expect(match.snapshot.phase == .offGame)
    }

    @Test func test_anotherGamesMove_isWrongPhase() throws {
        struct OtherMove: GameAction { var game: GameID { "other" } }
        let match = try pairInOffGame()
        _ = try match.apply(.startGame(gameId: "fakeGame"), by: .player1)
        #expect(throws: MatchError.wrongPhase) { try match.apply(.play(OtherMove()), by: .player1) }
    }
}
