import MatchWords
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

/// Every refusal, in the order the checks are made, and that a refusal changes nothing.
struct MatchInputCheckTests {
    private func matchInTicTacToe() throws -> Match {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        _ = try match.apply(.move(row: 1, col: 1), by: .player1)
        return match
    }

    @Test func test_startGame_refusals() throws {
        let match = try Match.withPair()
        #expect(throws: MatchError.notSeated) { try match.apply(.startGame(gameId: "nope"), by: nil) }
        #expect(throws: MatchError.unknownGame) { try match.apply(.startGame(gameId: "nope"), by: .player1) }
        #expect(throws: MatchError.unknownGame) { try match.apply(.startGame(gameId: "TicTacToe"), by: .player1) }
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player1)
        #expect(throws: MatchError.unknownGame) { try match.apply(.startGame(gameId: "nope"), by: .player1) }
        #expect(throws: MatchError.wrongPhase) { try match.apply(.startGame(gameId: "ticTacToe"), by: .player1) }
    }

    @Test func test_startGameInLoggedOut_isWrongPhase() throws {
        let match = Match(drawWinner: { .player1 })
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(throws: MatchError.wrongPhase) { try match.apply(.startGame(gameId: "ticTacToe"), by: .player1) }
    }

    @Test func test_move_refusalsInCheckOrder() throws {
        let match = try matchInTicTacToe()
        #expect(throws: MatchError.notSeated) { try match.apply(.move(row: 9, col: 9), by: nil) }
        #expect(throws: MatchError.notYourTurn) { try match.apply(.move(row: 9, col: 9), by: .player1) }
        #expect(throws: MatchError.outOfBounds) { try match.apply(.move(row: 3, col: 0), by: .player2) }
        #expect(throws: MatchError.outOfBounds) { try match.apply(.move(row: 0, col: -1), by: .player2) }
        #expect(throws: MatchError.cellTaken) { try match.apply(.move(row: 1, col: 1), by: .player2) }
    }

    @Test func test_moveOutsideTicTacToe_isWrongPhase() throws {
        let match = try Match.withPair()
        #expect(throws: MatchError.notSeated) { try match.apply(.move(row: 0, col: 0), by: nil) }
        #expect(throws: MatchError.wrongPhase) { try match.apply(.move(row: 0, col: 0), by: .player1) }
    }

    @Test func test_roll_refusals() throws {
        let match = try Match.withPair()
        #expect(throws: MatchError.notSeated) { try match.apply(.roll, by: nil) }
        #expect(throws: MatchError.wrongPhase) { try match.apply(.roll, by: .player1) }
    }

    @Test func test_launchGameWithUnknownId_isRefused() throws {
        let match = Match(drawWinner: { .player1 })
        #expect(throws: MatchError.unknownGame) { try match.apply(.launchGame(gameId: "chess"), by: nil) }
    }

    @Test func test_leave_refusals() throws {
        let match = Match(drawWinner: { .player1 })
        #expect(throws: MatchError.notSeated) { try match.apply(.leave, by: nil) }
        #expect(throws: MatchError.notSeated) { try match.apply(.leave, by: .player1) }
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(throws: MatchError.notSeated) { try match.apply(.leave, by: .player2) }
    }

    @Test func test_refusedInputs_changeNothing() throws {
        let match = try matchInTicTacToe()
        let before = match.snapshot
        let refused: [(MatchInput, Seat?)] = [
            (.login(name: "Carol"), nil), (.startGame(gameId: "ticTacToe"), .player1), (.move(row: 1, col: 1), .player2),
            (.move(row: 0, col: 0), .player1), (.move(row: 5, col: 5), .player2), (.roll, .player1), (.leave, nil),
            (.launchGame(gameId: "chess"), nil),
        ]
        for (input, seat) in refused {
            #expect(throws: MatchError.self) { try match.apply(input, by: seat) }
        }
        #expect(match.snapshot == before)
        // The next accepted input reports only its own events.
        let events = try match.apply(.move(row: 0, col: 0), by: .player2)
        #expect(events.count == 1)
    }

    @Test func test_applyAfterTearDown_isWrongPhase() throws {
        let match = try Match.withPair()
        match.tearDown()
        #expect(throws: MatchError.wrongPhase) { try match.apply(.startGame(gameId: "ticTacToe"), by: .player1) }
        #expect(throws: MatchError.wrongPhase) { try match.apply(.launchGame(gameId: "ticTacToe"), by: nil) }
    }
}
