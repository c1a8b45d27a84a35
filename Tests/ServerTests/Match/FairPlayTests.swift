import ConnectFour
import Foundation
import MatchStore
import MatchWords
import Testing
import TicTacToe
import WireProtocol

/// Issue 29 over real WebSockets: resigning, offering and answering draws, offering the next game, and
/// what a spectator may not do; and a kill of the process in the middle of an offer.
@Suite("Fair play")
struct FairPlayTests {
    /// Reads until a message of `type` arrives and returns it.
    private static func next(_ type: String, on client: TestClient) async throws -> ServerMessage {
        try await client.next { $0.type == type }
    }

    /// Alice and Bob in a game of `gameId` that Alice started, and a spectator.
    private static func game(_ gameId: String, _ server: some LiveServer) async throws -> (String, SeatedPair, TestClient) {
        let matchID = try await server.createMatch()
        let pair = try await server.seatedPair(matchID: matchID)
        let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
        pair.alice.send(.startGame(gameId: gameId))
        _ = try await watcher.nextBoard()
        return (matchID, pair, watcher)
    }

    @Test func test_resign_givesTheGameToTheOpponent_andKeepsThePair() async throws {
        try await withTestServer { server in
            let (_, pair, watcher) = try await Self.game("ticTacToe", server)
            watcher.send(.resign)
            #expect(try await watcher.nextError() == .notSeated)
            pair.bob.send(.resign)
            for client in [pair.alice, pair.bob, watcher] {
                guard case .gameOver(let winner, _, let reason, _, _, _) = try await Self.next("gameOver", on: client) else {
                    Issue.record("expected .gameOver from try await Self.next(\"gameOver\", on: client)")
                    return
                }
                #expect(winner == .player1)
                #expect(reason == "resigned")
                #expect(try await client.nextScore().player1.wins == 1)
                try await client.nextScreen(.offGame)
            }
            pair.bob.send(.resign)
            #expect(try await pair.bob.nextError() == .wrongPhase, "no game to resign")
            // Random Win is decided by one roll: nothing to resign.
            pair.bob.send(.startGame(gameId: "randomWin"))
            try await pair.bob.nextScreen(.randomWin)
            pair.bob.send(.resign)
            #expect(try await pair.bob.nextError() == .wrongPhase)
            pair.bob.send(.offerDraw)
            #expect(try await pair.bob.nextError() == .wrongPhase)
        }
    }

    @Test func test_drawOffers_inConnectFour_declinedLapsedAndAgreed() async throws {
        let store = InMemoryMatchStore()
        try await withTestServer(store: store) { server in
            let (matchID, pair, watcher) = try await Self.game("connectFour", server)
            // Alice moves first. Bob may not offer out of turn; nobody can answer an offer not made.
            pair.bob.send(.offerDraw)
            #expect(try await pair.bob.nextError() == .notYourTurn)
            pair.bob.send(.acceptDraw)
            #expect(try await pair.bob.nextError() == .noOffer)
            watcher.send(.offerDraw)
            #expect(try await watcher.nextError() == .notSeated)

            pair.alice.send(.offerDraw)
            guard case .drawOffered(let offerer, _) = try await Self.next("drawOffered", on: watcher) else {
                Issue.record("expected .drawOffered from try await Self.next(\"drawOffered\", on: watcher)")
                return
            }
            #expect(offerer == .player1)
            pair.alice.send(.offerDraw)
            #expect(try await pair.alice.nextError() == .alreadyOffered)
            pair.alice.send(.acceptDraw)
            #expect(try await pair.alice.nextError() == .noOffer, "one's own offer is not the opponent's")
            pair.bob.send(.declineDraw)
            guard case .drawDeclined(let decliner, _) = try await Self.next("drawDeclined", on: watcher) else {
                Issue.record("expected .drawDeclined from try await Self.next(\"drawDeclined\", on: watcher)")
                return
            }
            #expect(decliner == .player2)

            // Declined: Alice waits three moves of her own before offering again.
            var column = 0
            func play(_ client: TestClient) async throws {
                client.send(.drop(col: column % 7))
                column += 1
                _ = try await watcher.nextBoard()
            }
            try await play(pair.alice)
            try await play(pair.bob)
            pair.alice.send(.offerDraw)
            #expect(try await pair.alice.nextError() == .tooEarly)
            for _ in 0..<2 {
                try await play(pair.alice)
                try await play(pair.bob)
            }
            // Bob offers on his turn and moves; Alice moves instead of answering: the offer lapses without
            // a message.
            try await play(pair.alice)
            pair.bob.send(.offerDraw)
            _ = try await Self.next("drawOffered", on: watcher)
            try await play(pair.bob)
            try await play(pair.alice)
            pair.alice.send(.acceptDraw)
            #expect(try await pair.alice.nextError() == .noOffer, "the offer lapsed when Alice moved")
            // Three moves done since the decline: Alice may offer again, and Bob agrees.
            try await play(pair.bob)
            pair.alice.send(.offerDraw)
            _ = try await Self.next("drawOffered", on: watcher)
            pair.bob.send(.acceptDraw)
            for client in [pair.alice, pair.bob, watcher] {
                guard case .gameOver(let winner, _, let reason, _, _, _) = try await Self.next("gameOver", on: client) else {
                    Issue.record("expected .gameOver from try await Self.next(\"gameOver\", on: client)")
                    return
                }
                #expect(winner == nil)
                #expect(reason == "drawAgreed")
                #expect(try await client.nextScore().draws == 1)
            }
            let records = try #require(try await store.records(of: MatchID(rawValue: matchID))).map(\.record)
            #expect(records.filter { if case .drawOffered = $0 { true } else { false } }.count == 3)
            #expect(Array(records.suffix(2)) == [.drawAccepted(seat: .player2), .gameEnded(winner: nil)])
        }
    }

    @Test func test_aRematch_offeredDeclinedOfferedAgainAndAccepted() async throws {
        try await withTestServer { server in
            let matchID = try await server.createMatch()
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            pair.bob.send(.declineGame)
            #expect(try await pair.bob.nextError() == .noOffer)
            pair.alice.send(.offerGame(gameId: "chess"))
            #expect(try await pair.alice.nextError() == .unknownGame)

            pair.alice.send(.offerGame(gameId: "connectFour"))
            guard case .gameOffered(let seat, let gameId, _) = try await Self.next("gameOffered", on: watcher) else {
                Issue.record("expected .gameOffered from try await Self.next(\"gameOffered\", on: watcher)")
                return
            }
            #expect(seat == .player1 && gameId == "connectFour")
            pair.alice.send(.offerGame(gameId: "kalah"))
            #expect(try await pair.alice.nextError() == .alreadyOffered)
            pair.bob.send(.declineGame)
            guard case .gameDeclined(let decliner, _) = try await Self.next("gameDeclined", on: watcher) else {
                Issue.record("expected .gameDeclined from try await Self.next(\"gameDeclined\", on: watcher)")
                return
            }
            #expect(decliner == .player2)

            pair.alice.send(.offerGame(gameId: "kalah"))
            _ = try await Self.next("gameOffered", on: pair.bob)
            let (late, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.offer == WireOffer(kind: .game, seat: .player1, gameId: "kalah"), "a page opened now shows the offer")
            late.close()
            // Accepting is starting that game.
            pair.bob.send(.startGame(gameId: "kalah"))
            try await watcher.nextScreen(.playing("kalah"))
            pair.alice.send(.declineGame)
            #expect(try await pair.alice.nextError() == .wrongPhase, "the offer ended with the game's start")
        }
    }

    @Test func test_aKillDuringADrawOfferARematchOfferAndAfterAClaim_losesNothingAndDoublesNothing() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start(arguments: ["--claim-grace", "0"])
            let (drawMatch, drawPair, _) = try await Self.game("ticTacToe", first)
            drawPair.alice.send(.offerDraw)
            _ = try await Self.next("drawOffered", on: drawPair.bob)

            let rematch = try await first.createMatch()
            let rematchPair = try await first.seatedPair(matchID: rematch)
            rematchPair.bob.send(.offerGame(gameId: "connectFour"))
            _ = try await Self.next("gameOffered", on: rematchPair.alice)

            let (claimMatch, claimPair, claimWatcher) = try await Self.game("ticTacToe", first)
            claimPair.bob.close()
            _ = try await claimPair.alice.next {
                if case .presence(let players, _, _) = $0 { players.contains { !$0.connected } } else { false }
            }
            claimPair.alice.send(.claimWin)
            guard case .gameOver(.player1, _, "claimed", _, _, _) = try await Self.next("gameOver", on: claimWatcher) else {
                Issue.record("no claim")
                return
            }
            await first.kill()

            let second = try await launches.start()
            // The claimed game stays claimed, once; Bob comes back to his seat and the score.
            let (bobBack, _) = try await TestClient.connected(port: second.port, matchID: claimMatch)
            let resumed = try await bobBack.resume(claimPair.bobToken).seated()
            #expect(resumed.seat == .player2)
            #expect(resumed.snapshot.score?.player1.wins == 1)
            #expect(resumed.snapshot.lastGame?.reason == "claimed")
            let games = try await HTTP.get(port: second.port, "/api/matches/\(claimMatch)/games")
            guard case .success(let page) = MatchGames.decode(games.body) else { throw HTTP.Failure(description: games.body) }
            #expect(page.games.map { $0.result?.reason } == ["claimed"])
            let draw = try await drawPair.resumed(port: second.port, matchID: drawMatch)
            let (drawWatcher, drawWelcome) = try await TestClient.connected(port: second.port, matchID: drawMatch)
            guard case .welcome(_, let drawSnapshot, _) = drawWelcome else {
                Issue.record("expected .welcome, got \(drawWelcome)")
                return
            }
            #expect(drawSnapshot.offer == WireOffer(kind: .draw, seat: .player1))
            draw.alice.send(.offerDraw)
            #expect(try await draw.alice.nextError() == .alreadyOffered, "the offer stands once, not twice")
            draw.bob.send(.acceptDraw)
            guard case .gameOver(nil, _, "drawAgreed", _, _, _) = try await Self.next("gameOver", on: drawWatcher) else {
                Issue.record("no agreed draw")
                return
            }

            let pair = try await rematchPair.resumed(port: second.port, matchID: rematch)
            let (watcher, welcome) = try await TestClient.connected(port: second.port, matchID: rematch)
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.offer == WireOffer(kind: .game, seat: .player2, gameId: "connectFour"))
            pair.alice.send(.declineGame)
            _ = try await Self.next("gameDeclined", on: watcher)
            pair.alice.send(.declineGame)
            #expect(try await pair.alice.nextError() == .noOffer)
        }
    }
}
