import Foundation
import GridGames
import MatchWords
import RandomWin
import Testing
import TicTacToe
import WireProtocol

/// Tutorial 4's deep link over the wire: `launchGame` and `/launchGame?gameId=…`.
@Suite("Launch workflow")
struct LaunchWorkflowTests {
    @Test func test_launchGameBeforeBothLogins_startsTheGameWhenTheSecondPlayerLogsIn() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            alice.send(.launchGame(gameId: "ticTacToe"))
            _ = try await alice.login("Alice")
            let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await bob.login("Bob")
            try await bob.nextScreen(.ticTacToe)
            let board = try await alice.nextBoard()
            #expect(board.turn == .player1)
            #expect(board.cells.allSatisfy { $0 == nil })
        }
    }

    @Test func test_repeatedLaunchesBeforeThePair_theFirstDecides_andAfterALeaveANewLaunchWorksAgain() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            for _ in 0..<5 { alice.send(.launchGame(gameId: "randomWin")) }
            alice.send(.launchGame(gameId: "ticTacToe"))
            _ = try await alice.login("Alice")
            let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await bob.login("Bob")
            try await bob.nextScreen(.randomWin)
            // Read Alice up to the game too, so that the loggedOut screen awaited below is the one the
            // leave sends, not the one her login left in her inbox.
            try await alice.nextScreen(.randomWin)
            bob.send(.leave)
            try await alice.nextScreen(.loggedOut)
            alice.send(.launchGame(gameId: "ticTacToe"))
            let (carol, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await carol.login("Carol")
            try await carol.nextScreen(.ticTacToe)
            #expect(try await alice.nextBoard().turn == .player1)
        }
    }

    @Test func test_launchGameDuringAGame_doesNotInterruptIt() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            pair.alice.send(.move(row: 0, col: 0))
            _ = try await pair.bob.next { if case .board(let board, _) = $0 { board.last != nil } else { false } }
            pair.bob.send(.launchGame(gameId: "randomWin"))
            pair.bob.send(.move(row: 1, col: 1))
            let board = try await pair.alice.next { if case .board(let board, _) = $0 { board.last?.seat == .player2 } else { false } }
            guard case .board(let state, _) = board else {
                Issue.record("expected .board, got \(board)")
                return
            }
            #expect(state.cells[0] == .player1)
            #expect(state.cells[4] == .player2)
        }
    }

    @Test func test_deepLinkWithoutAMatch_creates_oneAndRedirects303() async throws {
        try await withTestServer { server in
            let reply = try await HTTP.get(port: server.port, "/launchGame?gameId=ticTacToe")
            #expect(reply.status == 303)
            let location = reply.headers.first(name: "Location") ?? ""
            #expect(location.hasPrefix("/m/"))
            #expect(location.hasSuffix("?gameId=ticTacToe"))
            let matchID = String(location.dropFirst(3).prefix { $0 != "?" })
            #expect(try await HTTP.get(port: server.port, "/api/matches/\(matchID)").status == 200)
            let existing = try await HTTP.get(port: server.port, "/launchGame?gameId=randomWin&matchId=\(matchID)")
            #expect(existing.status == 303)
            #expect(existing.headers.first(name: "Location") == "/m/\(matchID)?gameId=randomWin")
            #expect(try await HTTP.get(port: server.port, "/launchGame?gameId=ticTacToe&matchId=AAAAAAAAAAAA").status == 404)
        }
    }
}
