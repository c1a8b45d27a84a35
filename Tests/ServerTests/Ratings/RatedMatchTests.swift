import Foundation
import GridGames
import RatingStore
import Ratings
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

/// Issue 42's rated matches over HTTP and real WebSockets: who may ask for one, who may sit in one,
/// and the ratings a rated game's `gameOver` tells, checked against the Ratings module's own figures.
@Suite("Rated matches")
struct RatedMatchTests {
    /// Both players' changes when two new players play one game with `result` (player 1's score):
    /// computed by the rules alone, as the store must have done.
    static func expected(_ result: GameScore) -> WireRatings {
        let rules = RatingStoreRules.rules
        let new = RatedStanding(standing: rules.newPlayer, lastRatedAt: nil)
        let (first, second) = rules.rate(new, new, result: result, endedAt: Date(timeIntervalSince1970: 0))
        func change(_ after: Glicko2.Standing) -> WireRatingChange {
            WireRatingChange(
                before: WireRounding.halfUp(rules.newPlayer.rating), after: WireRounding.halfUp(after.rating),
                provisional: rules.isProvisional(deviation: after.deviation))
        }
        return WireRatings(player1: change(first), player2: change(second))
    }

    /// A rated Tic Tac Toe match created by `ann`, with Ann and Bob seated over WebSockets by account.
    /// `cookies`: Ann's and Bob's sessions, when registered already.
    static func seatedPair(
        _ server: TestServer, gameId: String = "ticTacToe", clock: String? = nil, cookies: (ann: String, bob: String)? = nil
    ) async throws -> (matchID: String, ann: TestClient, bob: TestClient) {
        let ann: String
        let bob: String
        if let cookies {
            (ann, bob) = cookies
        } else {
            (ann, bob) = (try await server.registerAccount("Ann"), try await server.registerAccount("Bob"))
        }
        let created = try await PasskeyBrowser(port: server.port).post(
            "/api/matches", #"{"rated": true, "gameId": "\#(gameId)"\#(clock.map { #", "clock": \#($0)"# } ?? "")}"#, cookie: ann)
        guard created.status == 201, case .success(let match) = CreatedMatch.decode(created.body) else {
            throw HTTP.Failure(description: "rated match not created: \(created.status) \(created.body)")
        }
        let (annClient, welcome) = try await TestClient.connected(port: server.port, matchID: match.matchId, cookie: ann)
        guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
        #expect(snapshot.rated == true, "the snapshot says the match is rated")
        #expect(try await annClient.seat(as: nil).seat == .player1)
        let (bobClient, _) = try await TestClient.connected(port: server.port, matchID: match.matchId, cookie: bob)
        #expect(try await bobClient.seat(as: nil).seat == .player2)
        return (match.matchId, annClient, bobClient)
    }

    /// `seatedPair` once Ann has made the first move: a game both moved in can no longer be aborted.
    static func seatedPairAfterAMove(_ server: TestServer) async throws -> (matchID: String, ann: TestClient, bob: TestClient) {
        let pair = try await seatedPair(server)
        pair.ann.send(.move(row: 0, col: 0))
        _ = try await pair.bob.nextBoard(last: WireMove(row: 0, col: 0, seat: .player1))
        return pair
    }

    static func gameOver(on client: TestClient) async throws -> (winner: WireSeat?, reason: String, ratings: WireRatings?) {
        let over = try await client.next { if case .gameOver = $0 { true } else { false } }
        guard case .gameOver(let winner, _, let reason, _, _, let ratings) = over else { throw HTTP.Failure(description: "\(over)") }
        return (winner, reason, ratings)
    }

    @Test("POST /api/matches with rated: a boolean, a signed-in creator, a person's match of a rated game; refusals otherwise")
    func test_askingForARatedMatch_isChecked() async throws {
        try await withTestServer { server in
            let cookie = try await server.registerAccount("Ann")
            let browser = PasskeyBrowser(port: server.port)
            func refusal(_ body: String, cookie: String?) async throws -> (Int, ErrorCode?) {
                let reply = try await browser.post("/api/matches", body, cookie: cookie)
                return (Int(reply.status), try? ErrorBody.decode(reply.body).get().error.code)
            }
            #expect(try await refusal(#"{"rated": "yes"}"#, cookie: cookie) == (400, .badMessage))
            #expect(try await refusal(#"{"rated": 1}"#, cookie: cookie) == (400, .badMessage))
            #expect(try await refusal(#"{"rated": true}"#, cookie: nil) == (401, .notSignedIn))
            #expect(try await refusal(#"{"rated": true, "opponent": "computer", "level": "easy"}"#, cookie: cookie) == (400, .badMessage))
            let randomWin = try await browser.post("/api/matches", #"{"rated": true, "gameId": "randomWin"}"#, cookie: cookie)
            #expect(randomWin.status == 400)
            #expect(randomWin.body.contains("never rated"), "says why: \(randomWin.body)")
            #expect(try await refusal(#"{"rated": true, "gameId": "ticTacToe"}"#, cookie: cookie).0 == 201)
            #expect(try await refusal(#"{"rated": false}"#, cookie: nil).0 == 201, "an unrated match needs nobody signed in")
            // The queue reads the field as strictly; pairing by rating is not offered yet.
            let queued = try await browser.post("/api/queue", #"{"rated": "yes"}"#, cookie: cookie)
            #expect(queued.status == 400)
        }
    }

    @Test("A rated match: rated in its summary, a guest's login refused notSignedIn, ratings in presence")
    func test_aRatedMatch_refusesGuests_andShowsRatings() async throws {
        try await withTestServer { server in
            let (matchID, ann, _) = try await Self.seatedPair(server)
            #expect(try await server.summary(of: matchID).rated == true)
            let (guest, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            guest.send(.login(name: "Guest"))
            #expect(try await guest.nextError() == .notSignedIn)
            let players = try await ann.nextPresence { $0.count == 2 && $0.allSatisfy { $0.rating != nil } }
            #expect(players.map(\.rating) == [1500, 1500])
            #expect(players.map(\.provisional) == [true, true])
            // A spectator's snapshot shows the same.
            let (_, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.rated == true)
            #expect(snapshot.players.map(\.rating) == [1500, 1500] && snapshot.players.map(\.provisional) == [true, true])
            let unrated = try await server.createMatch()
            #expect(try await server.summary(of: unrated).rated == nil, "absent in an unrated match")
        }
    }

    @Test("A rated game won: gameOver carries both ratings as the rules compute them, once; the games API the same")
    func test_aRatedWin_isRatedOnce_andToldInGameOver() async throws {
        try await withTestServer { server in
            let (matchID, ann, bob) = try await Self.seatedPair(server)
            for (client, row, col) in [(ann, 0, 0), (bob, 1, 0), (ann, 0, 1), (bob, 1, 1), (ann, 0, 2)] {
                client.send(.move(row: row, col: col))
                _ = try await client.nextBoard(last: WireMove(row: row, col: col, seat: client === ann ? .player1 : .player2))
            }
            let over = try await Self.gameOver(on: bob)
            #expect(over.winner == .player1)
            #expect(over.ratings == Self.expected(.win))
            // Tests/RatingsTests/glicko_by_hand.py, case A: 1741.62 and 1258.38, RD 396.8.
            #expect(
                over.ratings
                    == WireRatings(
                        player1: WireRatingChange(before: 1500, after: 1742, provisional: true),
                        player2: WireRatingChange(before: 1500, after: 1258, provisional: true)))
            #expect(try await Self.gameOver(on: ann).ratings == over.ratings, "both players are told the same")
            // A page opened (or reloaded) after the game shows the same change.
            let (_, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.lastGame?.ratings == over.ratings)
            let games = try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games")
            let history = try MatchGames.decode(games.body).get()
            #expect(history.games.first?.ratings == over.ratings)
            // The players' pages read what gameOver told, counted once.
            let page = try await HTTP.get(port: server.port, "/api/players/Ann")
            #expect(page.status == 200)
            #expect(page.body.contains(#""rating":\#(over.ratings?.player1.after ?? 0)"#), "\(page.body)")
            let presence = try await ann.nextPresence { $0.first?.rating == over.ratings?.player1.after }
            #expect(presence.map(\.rating) == [over.ratings?.player1.after, over.ratings?.player2.after])
        }
    }

    @Test("A rated game drawn by agreement: each scores 0.5")
    func test_aRatedDraw() async throws {
        try await withTestServer { server in
            let (_, ann, bob) = try await Self.seatedPairAfterAMove(server)
            bob.send(.offerDraw)
            _ = try await ann.next { if case .drawOffered = $0 { true } else { false } }
            ann.send(.acceptDraw)
            let over = try await Self.gameOver(on: bob)
            #expect(over.winner == nil)
            #expect(over.ratings == Self.expected(.draw))
            #expect(over.ratings?.player1.after == 1500, "two new players drawing stay where they were")
        }
    }

    @Test("A rated game resigned counts as a loss")
    func test_aRatedResignation() async throws {
        try await withTestServer { server in
            let (_, ann, bob) = try await Self.seatedPairAfterAMove(server)
            ann.send(.resign)
            let over = try await Self.gameOver(on: bob)
            #expect(over.winner == .player2 && over.reason == "resigned")
            #expect(over.ratings == Self.expected(.loss))
        }
    }

    @Test("Random Win in a rated match is played unrated: gameOver without ratings")
    func test_randomWin_inARatedMatch_isNotRated() async throws {
        try await withTestServer { server in
            let (matchID, ann, bob) = try await Self.seatedPair(server)
            ann.send(.resign)
            _ = try await Self.gameOver(on: bob)
            bob.send(.startGame(gameId: "randomWin"))
            try await ann.nextScreen(.randomWin)
            // Whoever's turn it is rolls; the other's roll is refused.
            ann.send(.roll)
            bob.send(.roll)
            let over = try await Self.gameOver(on: bob)
            #expect(over.ratings == nil)
            let games = try MatchGames.decode(try await HTTP.get(port: server.port, "/api/matches/\(matchID)/games").body).get()
            #expect(games.games.map { $0.ratings == nil } == [false, true])
        }
    }

    @Test("A rated game aborted by the first-move rule changes no rating")
    func test_anAbortedRatedGame_changesNothing() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let (matchID, ann, _) = try await Self.seatedPair(server, clock: #"{"initial":60,"increment":0}"#)
            _ = try await ann.nextBoard()
            await time.advance(by: .seconds(31))
            let over = try await Self.gameOver(on: ann)
            #expect(over.reason == "aborted" && over.winner == nil)
            #expect(over.ratings == nil, "an aborted game is not rated")
            let profile = try PlayerProfile.decode(try await HTTP.get(port: server.port, "/api/players/Ann").body).get()
            #expect(profile.ratings.isEmpty && profile.recent.isEmpty)
            #expect(try await server.gameRatings(of: matchID) == [nil])
        }
    }
}
