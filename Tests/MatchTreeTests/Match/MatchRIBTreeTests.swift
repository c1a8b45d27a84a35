import GameTestSupport
import MatchWords
import RIBs
import RandomWin
import Testing
import TicTacToe

@testable import MatchTree

/// `Match.ribTree`: the live tree, as RIBs attach and detach with logins, games and leaves.
struct MatchRIBTreeTests {
    /// The tree in one line, inactive RIBs marked `-`, waiting workflows as `[Name@step]`.
    private func outline(_ rib: RIBDescription?) -> String {
        guard let rib else { return "nil" }
        let workflows = rib.workflows.map { "[\($0.name)@\($0.waitingStep.map { rib.workflows[0].steps[$0] } ?? "-")]" }.joined()
        let children = rib.children.map(outline).joined(separator: ",")
        return (rib.isActive ? "" : "-") + rib.name + workflows + (children.isEmpty ? "" : "(\(children))")
    }

    @Test func test_theTreeChanges_asALaunchWaitsAGameStartsAndEndsAndAPlayerLeaves() throws {
        let match = Match(drawWinner: { .player1 })
        #expect(outline(match.ribTree) == "Root(LoggedOut)")
        _ = try match.apply(.launchGame(gameId: "ticTacToe"), by: nil)
        #expect(outline(match.ribTree) == "Root[LaunchGameWorkflow@waitForLogin](LoggedOut)")
        _ = try match.apply(.login(name: "Alice"), by: nil)
        _ = try match.apply(.login(name: "Bob"), by: nil)
        #expect(outline(match.ribTree) == "Root(LoggedIn(TicTacToe))", "the workflow ran and is gone")
        try match.play([
            ScriptedMove(.player1, 0, 0), ScriptedMove(.player2, 1, 0), ScriptedMove(.player1, 0, 1), ScriptedMove(.player2, 1, 1),
            ScriptedMove(.player1, 0, 2),
        ])
        #expect(outline(match.ribTree) == "Root(LoggedIn(OffGame(BasicScoreBoard)))")
        _ = try match.apply(.startGame(gameId: "randomWin"), by: .player2)
        #expect(outline(match.ribTree) == "Root(LoggedIn(RandomWin))")
        _ = try match.apply(.leave, by: .player1)
        #expect(outline(match.ribTree) == "Root(LoggedOut)")
        match.tearDown()
        #expect(match.ribTree == nil)
    }
}
