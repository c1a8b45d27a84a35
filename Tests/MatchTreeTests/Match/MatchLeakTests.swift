import GameTestSupport
import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

/// A match's tree must be gone once the match is torn down and released: on a server a leaked tree
/// is a leak per match.
struct MatchLeakTests {
    /// Plays a bit of everything: wins, draws, random wins, launch workflows, leaves.
    private func playEverything(on match: Match, round: Int) throws {
        _ = try match.apply(.launchGame(gameId: "ticTacToe"), by: nil)
        _ = try match.apply(.login(name: "Alice \(round)"), by: nil)
        _ = try match.apply(.login(name: nil), by: nil)
        try match.play(Script.player1WinsTopRow)
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player1)
        _ = try match.apply(.roll, by: .player2)
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
        try match.play(Script.draw)
        _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player2)
        _ = try match.apply(.leave, by: .player1)
        _ = try match.apply(.launchGame(gameId: "randomWin"), by: nil)
        _ = try match.apply(.login(name: "Carol"), by: nil)
        _ = try match.apply(.leave, by: .player2)
        // Left waiting, for tearDown to cancel.
        _ = try match.apply(.launchGame(gameId: "ticTacToe"), by: nil)
    }

    @Test func test_manyMatchesPlayedTornDownAndReleased_leaveNothingAlive() throws {
        let tag = "MatchLeakTests.many"
        try LeakDetector.$trackingTag.withValue(tag) {
            var matches = (0..<20).map { _ in Match(drawWinner: { .player2 }) }
            for (round, match) in matches.enumerated() {
                try playEverything(on: match, round: round)
            }
            // Sanity: the detector sees the live trees, so an empty list afterwards means something.
            let live = LeakDetector.liveObjects(tagged: tag)
            #expect(live.contains("Component: RootComponent"))
            #expect(live.contains("Interactor: LoggedOutInteractor"))
            #expect(live.contains("Router: RootRouter"))
            #expect(live.contains("Interactor: RootInteractor"))
            #expect(live.contains("Presenter: RootViewController"))
            for match in matches {
                match.tearDown()
            }
            matches.removeAll()
        }
        #expect(LeakDetector.liveObjects(tagged: tag) == [])
    }

    @Test func test_matchReleasedWithoutTearDown_leavesNothingAlive() throws {
        let tag = "MatchLeakTests.released"
        try LeakDetector.$trackingTag.withValue(tag) {
            var match: Match? = try Match.withPair()
            _ = try match?.apply(.startGame(gameId: "ticTacToe"), by: .player1)
            _ = try match?.apply(.launchGame(gameId: "randomWin"), by: nil)
            #expect(LeakDetector.liveObjects(tagged: tag).contains("Component: LoggedInComponent"))
            match = nil
        }
        #expect(LeakDetector.liveObjects(tagged: tag) == [])
    }

    @Test func test_gameEnded_itsRIBIsGoneWhileTheMatchGoesOn() throws {
        let tag = "MatchLeakTests.detach"
        try LeakDetector.$trackingTag.withValue(tag) {
            let match = try Match.withPair()
            _ = try match.apply(.startGame(gameId: "ticTacToe"), by: .player1)
            #expect(LeakDetector.liveObjects(tagged: tag).contains("Presenter: TicTacToeViewController"))
            try match.play(Script.draw)
            let live = LeakDetector.liveObjects(tagged: tag)
            #expect(!live.contains { $0.contains("TicTacToe") })
            #expect(live.filter { $0.contains("OffGame") }.count == 4)
            #expect(live.contains("Presenter: BasicScoreBoardViewController"))
            _ = try match.apply(.leave, by: .player1)
            #expect(!LeakDetector.liveObjects(tagged: tag).contains { $0.contains("LoggedIn") || $0.contains("OffGame") })
            match.tearDown()
        }
        #expect(LeakDetector.liveObjects(tagged: tag) == [])
    }

    /// The tutorial's way (games kept in a `shared` of the component that their builders hold) is
    /// a cycle the detector catches: what `LoggedInComponent.makeGames()` avoids.
    @Test func test_gamesKeptInTheComponent_wouldLeakAndBeDetected() {
        final class TutorialLoggedInComponent: Component<EmptyDependency>, GameDependency {
            let display = MatchDisplay()
            var drawWinner: () -> Seat { { .player1 } }
            var games: [Game] { shared { [Game(definition: TicTacToe(), builder: TicTacToe().makeBuilder(dependency: self))] } }
        }
        let tag = "MatchLeakTests.tutorialCycle"
        LeakDetector.$trackingTag.withValue(tag) {
            let component = TutorialLoggedInComponent(dependency: EmptyComponent())
            _ = component.games
        }
        #expect(LeakDetector.liveObjects(tagged: tag) == ["Component: TutorialLoggedInComponent"])
    }
}
