import ConnectFour
import Testing
import WireProtocol

/// "Play someone now" for a game (docs/PROTOCOL.md): the visitor names the game in `gameId`, is paired
/// only with a visitor who named the same, and their match starts it; a game the queue does not offer
/// is refused and queues nothing.
extension PairingQueueTests {
    @Test func test_visitorsAreOnlyPairedForTheGameTheyAskedFor_andTheirMatchStartsIt() async throws {
        try await withServer { server in
            let ann = try await QueueVisitors.join(port: server.port, name: "Ann", gameId: "connectFour")
            let bob = try await QueueVisitors.join(port: server.port, name: "Bob", gameId: "ticTacToe")
            let cleo = try await QueueVisitors.join(port: server.port, name: "Cleo", gameId: "connectFour")
            let first = try await QueueVisitors.renewUntilPaired(ports: [server.port], ann, timeout: .seconds(10))
            let second = try await QueueVisitors.renewUntilPaired(ports: [server.port], cleo, timeout: .seconds(10))
            let matchID = try #require(first.matchId)
            #expect(second.matchId == matchID, "Ann and Cleo asked for Connect Four")
            #expect(try await QueueVisitors.renew(port: server.port, bob)?.status == .waiting, "Bob waits for Tic Tac Toe")

            let (page, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            page.send(.resume(token: try #require(second.token)))
            let welcome = try await page.next { if case .welcome(.player2, _, _) = $0 { true } else { false } }
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.phase == .connectFour, "the game they asked for is started")
            #expect(snapshot.players.map(\.name) == ["Ann", "Cleo"])
            page.close()

            // A visitor who names no game asked for Tic Tac Toe, as before the field existed.
            let dan = try await QueueVisitors.join(port: server.port, name: "Dan")
            try await Self.expectPairedWithEachOther(port: server.port, bob, dan, "Bob and Dan: Tic Tac Toe")
        }
    }

    @Test func test_visitorsAreOnlyPairedUnderTheClockTheyAskedFor_andTheirMatchHasIt() async throws {
        try await withServer { server in
            let blitz = WireTimeControl(initial: 180, increment: 2)
            let ann = try await QueueVisitors.join(port: server.port, name: "Ann", clock: blitz)
            let bob = try await QueueVisitors.join(port: server.port, name: "Bob")
            let cleo = try await QueueVisitors.join(port: server.port, name: "Cleo", clock: WireTimeControl(initial: 60, increment: 0))
            let dan = try await QueueVisitors.join(port: server.port, name: "Dan", clock: blitz)
            let first = try await QueueVisitors.renewUntilPaired(ports: [server.port], ann, timeout: .seconds(10))
            let second = try await QueueVisitors.renewUntilPaired(ports: [server.port], dan, timeout: .seconds(10))
            let matchID = try #require(first.matchId)
            #expect(second.matchId == matchID, "Ann and Dan asked for 3+2")
            #expect(try await QueueVisitors.renew(port: server.port, bob)?.status == .waiting, "Bob asked for no clock")
            #expect(try await QueueVisitors.renew(port: server.port, cleo)?.status == .waiting, "Cleo asked for 1+0")
            #expect(try await server.summary(of: matchID).timeControl == blitz)

            let bad = try await HTTP.request(
                port: server.port, "/api/queue", method: .POST, body: #"{"name":"Eve","clock":{"initial":5,"increment":0}}"#)
            #expect(bad.status == 400)
            #expect(bad.body.contains("from 10 seconds to 24 hours"), "\(bad.body)")
        }
    }

    @Test func test_aGameTheQueueDoesNotOffer_isRefused400UnknownGame_sayingWhich_andQueuesNothing() async throws {
        try await withServer { server in
            let offered = "the games you can be paired for are ticTacToe, connectFour and kalah."
            let refusals: [(String, String)] = [
                (#"{"gameId": "chess"}"#, #"There is no game "chess"; \#(offered)"#),
                (#"{"name": "Ann", "gameId": ""}"#, #"There is no game ""; \#(offered)"#),
                (#"{"name": "Ann", "gameId": "randomWin"}"#, "Random Win cannot be queued for; \(offered)"),
            ]
            for (body, sentence) in refusals {
                let reply = try await HTTP.request(port: server.port, "/api/queue", method: .POST, body: body)
                #expect(reply.status == 400, "\(body)")
                #expect(
                    ErrorBody.decode(reply.body) == .success(ErrorBody(code: .unknownGame, message: sentence)), "\(body): \(reply.body)")
            }
            // Nobody was queued by a refusal, not even for the default game: a visitor alone waits.
            let alone = try await QueueVisitors.join(port: server.port, name: "Eve")
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await QueueVisitors.renew(port: server.port, alone)?.status == .waiting)
        }
    }
}
