import GameTestSupport
import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

struct MatchLaunchGameWorkflowTests {
    @Test func test_launchGameBeforeLogins_startsTheGameWhenThePairIsComplete() throws {
        let match = Match(drawWinner: { .player1 })
        #expect(try match.apply(.launchGame(gameId: "ticTacToe"), by: nil) == [.launchQueued(gameId: .ticTacToe)])
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(match.snapshot.phase == .loggedOut)
        let events = try match.apply(.login(name: "Bob"), by: nil)
        #expect(Array(events.suffix(5)) == [.score(Expected.score()), Expected.offGameScreen] + Expected.ticTacToeStart(.player1))
        #expect(match.snapshot.phase == .ticTacToe)
    }

    @Test func test_launchGameInOffGame_startsAtOnce() throws {
        let match = try Match.withPair()
        let events = try match.apply(.launchGame(gameId: "randomWin"), by: nil)
        #expect(
            events == [.launchQueued(gameId: .randomWin), .gameStarted(gameId: .randomWin, startingPlayer: .player1), .screen(.randomWin)])
    }

    @Test func test_launchGameRepeatedBeforeThePairIsComplete_isNotTakenAndTheFirstDecides() throws {
        let match = Match(drawWinner: { .player1 })
        #expect(try match.apply(.launchGame(gameId: "randomWin"), by: nil) == [.launchQueued(gameId: .randomWin)])
        #expect(try match.apply(.launchGame(gameId: "randomWin"), by: nil) == [])
        _ = try match.apply(.login(name: "Alice"), by: nil)
        #expect(try match.apply(.launchGame(gameId: "ticTacToe"), by: .player1) == [])
        let events = try match.apply(.login(name: "Bob"), by: nil)
        #expect(events.contains(.gameStarted(gameId: .randomWin, startingPlayer: .player1)))
        #expect(match.snapshot.phase == .randomWin)
    }

    @Test func test_launchGameDuringAGame_doesNotInterruptIt() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        _ = try match.apply(.move(row: 0, col: 0), by: .player1)
        let board = match.snapshot.board
        // Root does not take it: it would start nothing while a game is played, so nothing is queued
        // (and nothing recorded, issue 17).
        #expect(try match.apply(.launchGame(gameId: "randomWin"), by: .player2) == [])
        #expect(match.snapshot.phase == .ticTacToe)
        #expect(match.snapshot.board == board)
        // Nor is the workflow left waiting to start a game later.
        let end = try match.play(Array(Script.player1WinsTopRow.dropFirst()))
        #expect(end.last == Expected.offGameScreen)
        #expect(match.snapshot.phase == .offGame)
    }

    @Test func test_launchGameAfterLeaveAndNewLogin_usesTheNewPair() throws {
        let match = try Match.withPair()
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        _ = try match.apply(.leave, by: .player2)
        // Waits: the pair that left is not there to launch the game.
        #expect(try match.apply(.launchGame(gameId: "ticTacToe"), by: nil) == [.launchQueued(gameId: .ticTacToe)])
        #expect(match.snapshot.phase == .loggedOut)
        let events = try match.apply(.login(name: "Dave"), by: nil)
        // The new pair's LoggedIn started it: its first game starts with player1, and shows on screen.
        #expect(Array(events.suffix(3)) == Expected.ticTacToeStart(.player1))
        #expect(match.snapshot.phase == .ticTacToe)
        #expect(match.snapshot.score == Expected.score(names: ("Alice", "Dave")))
    }

    @Test func test_workflowWaitingAtTearDown_isCancelled() throws {
        let tag = "workflow-teardown"
        try LeakDetector.$trackingTag.withValue(tag) {
            var match: Match? = Match(drawWinner: { .player1 })
            _ = try match?.apply(.launchGame(gameId: "ticTacToe"), by: nil)
            _ = try match?.apply(.login(name: "Alice"), by: nil)
            match?.tearDown()
            #expect(throws: MatchError.wrongPhase) { try match?.apply(.login(name: "Bob"), by: nil) }
            match = nil
        }
        #expect(LeakDetector.liveObjects(tagged: tag).isEmpty)
    }
}
