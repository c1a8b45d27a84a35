import Foundation
import MatchStore
import MatchWords
import Testing
import VirtualTime
import WireProtocol

/// Issue 15, item 1: the seat timeout told to the page (`seatTimeout`, `seatTimeoutLeft`), and
/// `claimWin`, which ends a game at once as the away opponent's seat timeout would.
@Suite("Claim the win")
struct ClaimWinTests {
    /// Alice and Bob in a Tic Tac Toe game; Bob's connection closed, and Alice told so (on a server given
    /// `time`, moved on to the coalesced presence once the host knows).
    private static func gameWithBobAway(
        _ server: TestServer, time: VirtualTime? = nil
    ) async throws -> (matchID: String, pair: SeatedPair, left: Double?) {
        let matchID = try await server.createMatch()
        let pair = try await server.seatedPair(matchID: matchID)
        pair.alice.send(.startGame(gameId: "ticTacToe"))
        _ = try await pair.alice.nextBoard()
        pair.bob.close()
        let bobAway = { (message: ServerMessage) in
            if case .presence(let players, _, _) = message { players.contains { !$0.connected } } else { false }
        }
        if let time {
            _ = try await pair.alice.syncUntilAway(.player2)
            await time.advanceToPresence()
        }
        let presence = try await pair.alice.next(where: bobAway)
        guard case .presence(let players, _, _) = presence else { throw HTTP.Failure(description: "no presence") }
        return (matchID, pair, players.first { $0.seat == .player2 }?.seatTimeoutLeft)
    }

    @Test func test_theWelcomeTellsTheSeatTimeout_andPresenceTheSecondsAnAwaySeatHasLeft() async throws {
        try await withTestServer(configure: { $0.seatTimeout = .seconds(45) }) { server in
            let (matchID, pair, left) = try await Self.gameWithBobAway(server)
            let awaySeconds = try #require(left, "presence gives an away seat its seconds left")
            #expect(awaySeconds > 43 && awaySeconds <= 45, "\(awaySeconds)")

            let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.seatTimeout == 45)
            let bob = try #require(snapshot.players.first { $0.seat == .player2 })
            #expect(bob.connected == false)
            #expect((bob.seatTimeoutLeft ?? 0) > 40 && (bob.seatTimeoutLeft ?? 99) <= awaySeconds)
            #expect(snapshot.players.first { $0.seat == .player1 }?.seatTimeoutLeft == nil, "a connected seat has no countdown")
            // The summary has no countdown: it would go stale there.
            #expect(try await server.summary(of: matchID).players.allSatisfy { $0.seatTimeoutLeft == nil })
            watcher.close()
            pair.alice.close()
        }
    }

    @Test func test_claimWin_afterTheGrace_winsTheGame_keepsBothSeatsAndTheScore_storedAsItsOwnRecord() async throws {
        let store = InMemoryMatchStore()
        let time = VirtualTime()
        try await withTestServer(store: store, time: time, configure: { $0.claimGrace = .seconds(3) }) { server in
            let (matchID, pair, _) = try await Self.gameWithBobAway(server, time: time)
            let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            let claimableIn = try #require(snapshot.players.first { $0.seat == .player2 }?.claimableIn, "an away seat's claim countdown")
            #expect(claimableIn > 0 && claimableIn <= 3)
            #expect(snapshot.players.first { $0.seat == .player1 }?.claimableIn == nil)

            // Within the grace: refused, with the seconds left, and nothing changes.
            pair.alice.send(.claimWin)
            let early = try await pair.alice.next { if case .error = $0 { true } else { false } }
            guard case .error(.tooEarly, let sentence) = early else { throw HTTP.Failure(description: "\(early)") }
            #expect(["1 second", "2 seconds", "3 seconds"].contains { sentence.contains($0) }, "\(sentence)")
            // Not two milliseconds before the grace has passed; at once after (a millisecond, for the
            // seconds' rounding).
            await time.advance(by: .seconds(claimableIn) - .milliseconds(2))
            pair.alice.send(.claimWin)
            #expect(try await pair.alice.nextError() == .tooEarly, "two milliseconds before the grace ends")
            await time.advance(by: .milliseconds(3))
            pair.alice.send(.claimWin)

            for client in [pair.alice, watcher] {
                let over = try await client.next { if case .gameOver = $0 { true } else { false } }
                guard case .gameOver(let winner, let line, let reason, _, _, _) = over else {
                    Issue.record("expected .gameOver, got \(over)")
                    return
                }
                #expect(winner == .player1)
                #expect(line == nil)
                #expect(reason == "claimed")
                #expect(try await client.nextScore().player1.wins == 1)
                try await client.nextScreen(.offGame)
            }
            let records = try #require(try await store.records(of: MatchID(rawValue: matchID))).map(\.record)
            #expect(Array(records.suffix(2)) == [.gameClaimed(seat: .player1), .gameEnded(winner: .player1)])

            // No game starts against the empty seat, so that games cannot be claimed one after another.
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            #expect(try await pair.alice.nextError() == .opponentAway)
            pair.alice.send(.offerGame(gameId: "kalah"))
            #expect(try await pair.alice.nextError() == .opponentAway)
            // Nor through the deep link's launch, which anyone may send, a spectator too.
            pair.alice.send(.launchGame(gameId: "ticTacToe"))
            #expect(try await pair.alice.nextError() == .opponentAway)
            watcher.send(.launchGame(gameId: "randomWin"))
            #expect(try await watcher.nextError() == .opponentAway)

            // Bob comes back within the seat timeout: the same seat, the same score, and what happened.
            let (back, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let resumed = try await back.resume(pair.bobToken).seated()
            #expect(resumed.seat == .player2)
            #expect(resumed.snapshot.phase == .offGame)
            #expect(resumed.snapshot.score?.player1.wins == 1)
            #expect(resumed.snapshot.lastGame?.reason == "claimed")
            #expect(resumed.snapshot.lastGame?.winner == .player1)
            #expect(resumed.snapshot.lastGame?.board != nil, "the final board stays")
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await back.nextBoard()
        }
    }

    @Test func test_claimWin_refusals_notSeated_wrongPhase_opponentConnected() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)

            // A game with the opponent connected.
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await pair.alice.nextBoard()
            pair.alice.send(.claimWin)
            #expect(try await pair.alice.nextError() == .opponentConnected)
            watcher.send(.claimWin)
            #expect(try await watcher.nextError() == .notSeated)

            // Between games, the opponent away: no game to claim.
            for (player, col, row) in [(pair.alice, 0, 0), (pair.bob, 0, 1), (pair.alice, 1, 0), (pair.bob, 1, 1), (pair.alice, 2, 0)] {
                player.send(.move(row: row, col: col))
                _ = try await pair.alice.nextBoard()
            }
            try await pair.alice.nextScreen(.offGame)
            pair.bob.close()
            _ = try await pair.alice.next {
                if case .presence(let players, _, _) = $0 { players.contains { !$0.connected } } else { false }
            }
            pair.alice.send(.claimWin)
            #expect(try await pair.alice.nextError() == .wrongPhase)
            // Refusals change nothing: Bob's seat is still his.
            let (back, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            back.send(.resume(token: pair.bobToken))
            _ = try await back.next { if case .seated = $0 { true } else { false } }
        }
    }

    @Test func test_aClaimedGame_isTheSameAfterARestart_andTheAwayPlayerResumes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ClaimWinTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("matches.sqlite").path

        let (matchID, bobToken) = try await withTestServer(configure: {
            $0.databasePath = database
            $0.claimGrace = .zero
        }) { server in
            let (matchID, pair, _) = try await Self.gameWithBobAway(server)
            pair.alice.send(.claimWin)
            try await pair.alice.nextScreen(.offGame)
            return (matchID, pair.bobToken)
        }
        try await withTestServer(configure: { $0.databasePath = database }) { server in
            let (watcher, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.phase == .offGame)
            #expect(snapshot.players.map(\.name) == ["Alice", "Bob"])
            #expect(snapshot.score?.player1.wins == 1)
            let games = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games")
            guard case .success(let page) = MatchGames.decode(games.body) else { throw HTTP.Failure(description: games.body) }
            let result = try #require(page.games.first?.result)
            #expect(result.winner == .player1)
            #expect(result.forfeitBy == .player2)
            #expect(result.reason == "claimed")
            let resumed = try await watcher.resume(bobToken).seated()
            #expect(resumed.seat == .player2)
        }
    }
}
