import Foundation
import MatchWords
import RIBs
import Testing
import TicTacToe
import WireProtocol

/// `GET /api/matches/{id}/ribs`: the live RIB tree of a match, as it changes with logins, a deep link
/// waiting for the pair, a game and a leave; never a secret.
@Suite("RIBs route")
struct RIBsRouteTests {
    @Test func test_theTreeFollowsTheMatch_throughAWaitingLaunchAGameAndALeave() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let fresh = try await server.ribs(of: matchID)
            #expect(fresh.tree.matchId == matchID)
            #expect(fresh.tree.root.outline == "Root(LoggedOut)")

            // A deep link before the pair is complete: Root's LaunchGameWorkflow waits at its first step.
            let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            spectator.send(.launchGame(gameId: "ticTacToe"))
            let waiting = try await server.ribs(of: matchID) { $0.contains("[") }
            #expect(waiting.tree.root.outline == "Root[LaunchGameWorkflow@waitForLogin](LoggedOut)")
            #expect(
                waiting.tree.root.workflows == [.init(name: "LaunchGameWorkflow", steps: ["waitForLogin", "launchGame"], waitingStep: 0)])

            // The pair logs in: the workflow runs to its end and the game is attached.
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let (_, aliceToken) = try await alice.login("Alice")
            let (_, bobToken) = try await bob.login("Bob")
            try await spectator.nextScreen(.ticTacToe)
            _ = try await spectator.nextBoard()
            let playing = try await server.ribs(of: matchID)
            #expect(playing.tree.root.outline == "Root(LoggedIn(TicTacToe))")
            for secret in [aliceToken, bobToken, "token", "Token", "hash"] {
                #expect(!playing.body.contains(secret), "the tree shows \(secret)")
            }

            // The game ends: OffGame with its score board replaces it.
            for (player, row, col) in [(alice, 0, 0), (bob, 1, 0), (alice, 0, 1), (bob, 1, 1), (alice, 0, 2)] {
                player.send(.move(row: row, col: col))
                _ = try await spectator.nextBoard()
            }
            try await spectator.nextScreen(.offGame)
            #expect(try await server.ribs(of: matchID).tree.root.outline == "Root(LoggedIn(OffGame(BasicScoreBoard)))")

            // Bob leaves: the pair is broken, LoggedOut is back.
            bob.send(.leave)
            try await spectator.nextScreen(.loggedOut)
            #expect(try await server.ribs(of: matchID).tree.root.outline == "Root(LoggedOut)")
        }
    }

    @Test func test_anUnknownOrMalformedMatch_is404WithTheErrorBody() async throws {
        try await withTestServer { server in
            for path in ["/api/matches/AAAAAAAAAAAA/ribs", "/api/matches/bad!/ribs"] {
                let response = try await HTTP.get(port: server.port, path)
                #expect(response.status == 404, "\(path)")
                #expect(
                    ErrorBody.decode(response.body) == .success(ErrorBody(code: .matchNotFound, message: "There is no match with this id."))
                )
            }
        }
    }

    @Test func test_aMatchNotInMemory_isAnsweredFromItsStoredLog_withoutLoadingIt() async throws {
        try await withTestServer(configure: { $0.idleTimeout = .milliseconds(200) }) { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.close()
            pair.bob.close()
            _ = try await pair.alice.closeCode()
            _ = try await pair.bob.closeCode()
            // Expired from memory: its RIB objects are gone.
            let deadline = ContinuousClock.now + .seconds(10)
            while ContinuousClock.now < deadline, !LeakDetector.liveObjects(tagged: "match:\(matchID)").isEmpty {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(LeakDetector.liveObjects(tagged: "match:\(matchID)") == [])
            // The tree its log rebuilds, both seats restored (their players gone, within the seat timeout)…
            #expect(try await server.ribs(of: matchID).tree.root.outline == "Root(LoggedIn(OffGame(BasicScoreBoard)))")
            // …without loading the match: none of its RIB objects came back.
            #expect(LeakDetector.liveObjects(tagged: "match:\(matchID)") == [])
        }
    }
}
