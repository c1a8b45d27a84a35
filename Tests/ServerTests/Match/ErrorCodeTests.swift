import Foundation
import RandomWin
import RawSocketSupport
import Testing
import TicTacToe
import WireProtocol

/// Every error code of docs/PROTOCOL.md, each provoked the way a client would, against the real server.
@Suite("Error codes")
struct ErrorCodeTests {
    @Test func test_badMessage_forNotJSONUnknownTypeAndMistypedFields_connectionStaysOpen() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            for bad in [
                "not json", "[]", "{}", #"{"type": 3}"#, #"{"type": "dance"}"#, #"{"type": "move", "row": "a", "col": 1}"#,
                #"{"type": "move", "row": 1.5, "col": 1}"#, #"{"type": "resume"}"#, #"{"type": "login", "name": 7}"#,
            ] {
                client.sendRaw(bad)
                #expect(try await client.nextError() == .badMessage, "\(bad)")
            }
            client.send(.sync)
            _ = try await client.next { if case .welcome = $0 { true } else { false } }
        }
    }

    @Test func test_loginErrors_badNameAlreadySeatedMatchFull() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            alice.send(.login(name: String(repeating: "x", count: 25)))
            #expect(try await alice.nextError() == .badName)
            alice.send(.login(name: "Bad\u{7}Name"))
            #expect(try await alice.nextError() == .badName)
            _ = try await alice.login("  Alice  ")
            alice.send(.login(name: "Again"))
            #expect(try await alice.nextError() == .alreadySeated)
            let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await bob.login(nil)
            let (carol, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            carol.send(.login(name: "Carol"))
            #expect(try await carol.nextError() == .matchFull)
        }
    }

    @Test func test_gameErrors_notSeatedWrongPhaseUnknownGameNotYourTurnOutOfBoundsCellTaken() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (spectator, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let pair = try await server.seatedPair(matchID: matchID)
            spectator.send(.startGame(gameId: "ticTacToe"))
            #expect(try await spectator.nextError() == .notSeated)
            spectator.send(.leave)
            #expect(try await spectator.nextError() == .notSeated)
            pair.alice.send(.move(row: 0, col: 0))
            #expect(try await pair.alice.nextError() == .wrongPhase)
            pair.alice.send(.roll)
            #expect(try await pair.alice.nextError() == .wrongPhase)
            pair.alice.send(.startGame(gameId: "chess"))
            #expect(try await pair.alice.nextError() == .unknownGame)
            pair.alice.send(.launchGame(gameId: "chess"))
            #expect(try await pair.alice.nextError() == .unknownGame)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.alice.nextBoard()
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            #expect(try await pair.alice.nextError() == .wrongPhase)
            pair.bob.send(.move(row: 0, col: 0))
            #expect(try await pair.bob.nextError() == .notYourTurn)
            spectator.send(.move(row: 0, col: 0))
            #expect(try await spectator.nextError() == .notSeated)
            pair.alice.send(.move(row: 3, col: 0))
            #expect(try await pair.alice.nextError() == .outOfBounds)
            pair.alice.send(.move(row: 0, col: -1))
            #expect(try await pair.alice.nextError() == .outOfBounds)
            pair.alice.sendRaw(#"{"type":"move","row":99999999999999999999999,"col":0}"#)
            #expect(try await pair.alice.nextError() == .outOfBounds)
            pair.alice.send(.move(row: 1, col: 1))
            _ = try await pair.bob.next { if case .board(let board, _) = $0 { board.last != nil } else { false } }
            pair.bob.send(.move(row: 1, col: 1))
            #expect(try await pair.bob.nextError() == .cellTaken)
        }
    }

    @Test func test_resumeWithAnUnknownOrForeignToken_isBadToken() async throws {
        try await withTestServer { server in
            let firstMatch = try await server.createMatch()
            let secondMatch = try await server.createMatch()
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: firstMatch)
            let (_, token) = try await alice.login("Alice")
            let (stranger, _) = try await TestClient.connected(port: server.port, matchID: secondMatch)
            stranger.send(.resume(token: token))
            #expect(try await stranger.nextError() == .badToken)
            stranger.send(.resume(token: "nonsense"))
            #expect(try await stranger.nextError() == .badToken)
        }
    }

    @Test func test_moreThanTwentyMessagesInASecond_rateLimitedThenClosed1008() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            for _ in 0..<25 { client.send(.sync) }
            #expect(try await client.nextError() == .rateLimited)
            for _ in 0..<30 { client.send(.sync) }
            #expect(try await client.closeCode() == 1008)
        }
    }

    @Test func test_matchNotFound_overHTTPAndOnUpgrade() async throws {
        try await withTestServer { server in
            let reply = try await HTTP.get(port: server.port, "/api/matches/AAAAAAAAAAAA")
            #expect(reply.status == 404)
            guard case .success(let body) = ErrorBody.decode(reply.body) else {
                Issue.record("body \(reply.body)")
                return
            }
            #expect(body.error.code == .matchNotFound)
            #expect(try await RawHTTP.status(port: server.port, path: "/ws/AAAAAAAAAAAA", headers: RawHTTP.upgradeHeaders) == 404)
        }
    }
}
