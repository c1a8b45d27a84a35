import Accounts
import Foundation
import MatchStoreContract
import RatingStore
import RatingStoreContract
import Ratings
import SQLiteStore
import Testing
import WireProtocol

/// Issue 42's read routes over HTTP: a game's leaderboard and a player's page, from a SQLite store
/// filled through its own API (accounts, then rated games) before the server starts on it.
@Suite("Ratings over HTTP")
struct RatingRoutesTests {
    /// A server on a store holding what `fill` put in it.
    func withRatedServer(
        _ fill: (any RatingStore, any AccountStore) async throws -> Void, _ body: (TestServer, any RatingStore) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            let store = try SQLiteMatchStore(path: directory.appendingPathComponent("store.sqlite").path)
            let ratings = store.makeRatingStore()
            try await fill(ratings, store.makeAccountStore())
            do {
                try await withTestServer(store: store) { server in try await body(server, ratings) }
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
        }
    }

    @Test("GET /api/leaderboard?gameId=kalah: the rankable players, highest first, ties by name, integers rounded half up")
    func test_leaderboard() async throws {
        try await withRatedServer({ try await RatingStoreContract.fillLeaderboard($0, $1) }) { server, ratings in
            let reply = try await HTTP.get(port: server.port, "/api/leaderboard?gameId=kalah")
            #expect(reply.status == 200)
            let board = try Leaderboard.decode(reply.body).get()
            #expect(board.gameId == "kalah")
            #expect(board.players.map(\.name) == ["ann", "Bob", "Cid", "dee"])
            let stored = try await ratings.leaderboard(gameID: "kalah", limit: 100)
            #expect(
                board.players
                    == stored.map {
                        Leaderboard.Player(
                            name: $0.name, rating: WireRounding.halfUp($0.rating), rd: WireRounding.halfUp($0.deviation), games: $0.games)
                    })
            #expect(board.players.allSatisfy { $0.rd <= 75 && $0.games == 68 })
            // The body's field names are the issue's.
            let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
            let first = try #require((object["players"] as? [[String: Any]])?.first)
            #expect(Set(first.keys) == ["name", "rating", "rd", "games"])

            let empty = try Leaderboard.decode(try await HTTP.get(port: server.port, "/api/leaderboard?gameId=connectFour").body).get()
            #expect(empty == Leaderboard(gameId: "connectFour", players: []))
        }
    }

    @Test("A leaderboard of Random Win, of an unknown game or of no game is 400 unknownGame")
    func test_leaderboard_gameWithoutRatings() async throws {
        try await withRatedServer({ _, _ in }) { server, _ in
            for path in ["/api/leaderboard?gameId=randomWin", "/api/leaderboard?gameId=chess", "/api/leaderboard"] {
                let reply = try await HTTP.get(port: server.port, path)
                #expect(reply.status == 400, "\(path)")
                #expect(PasskeyBrowser.errorCode(reply) == "unknownGame", "\(path)")
            }
        }
    }

    @Test("GET /api/players/{name}: ratings per game id and the 20 latest rated games, newest first")
    func test_playerPage() async throws {
        var zoeID = ""
        try await withRatedServer({ store, accounts in
            let zoe = try await RatingStoreContract.player("Zoë Li", in: accounts)
            let bob = try await RatingStoreContract.player("Bob", in: accounts)
            zoeID = zoe.accountID
            for number in 1...23 {
                let at = RatingStoreContract.start + Double(number) * 60
                let result: RatedResult = number % 3 == 0 ? .draw : (number % 3 == 1 ? .player1Won : .player2Won)
                _ = try await store.apply(RatingStoreContract.game(zoe, bob, result, number: number, at: at))
            }
            _ = try await store.apply(
                RatingStoreContract.game(
                    bob, zoe, .player1Won, match: "match-0002", gameID: "connectFour", at: RatingStoreContract.start + 7200))
            _ = try await RatingStoreContract.player("Quiet", in: accounts)
        }) { server, ratings in
            let reply = try await HTTP.get(port: server.port, "/api/players/zo%C3%AB%20li")
            #expect(reply.status == 200)
            let profile = try PlayerProfile.decode(reply.body).get()
            #expect(profile.name == "Zoë Li")
            let stored = try await ratings.ratings(of: zoeID)
            let kalah = try #require(stored.first { $0.gameID == "kalah" })
            #expect(
                profile.ratings["kalah"]
                    == PlayerProfile.GameRating(
                        rating: WireRounding.halfUp(kalah.rating), rd: WireRounding.halfUp(kalah.deviation), provisional: kalah.provisional,
                        games: 23, wins: 8, losses: 8, draws: 7))
            #expect(profile.ratings["connectFour"]?.games == 1)
            #expect(profile.ratings["connectFour"]?.losses == 1)
            #expect(profile.recent.count == 20)
            #expect(profile.recent.first?.matchId == "match-0002")
            #expect(profile.recent.first?.result == "loss")
            #expect(profile.recent.first?.opponent == "Bob")
            #expect(profile.recent.first?.gameId == "connectFour")
            let newestKalah = try #require(try await ratings.ratedGame(matchID: "match-0001", gameNumber: 23))
            #expect(profile.recent[1].result == "loss")
            #expect(profile.recent[1].gameNumber == 23)
            #expect(profile.recent[1].ratingAfter == WireRounding.halfUp(newestKalah.player1.after))
            #expect(profile.recent[1].endedAt == "2027-01-15T08:23:00.000Z")
            #expect(profile.recent.last?.endedAt == "2027-01-15T08:05:00.000Z")

            let quiet = try PlayerProfile.decode(try await HTTP.get(port: server.port, "/api/players/Quiet").body).get()
            #expect(quiet == PlayerProfile(name: "Quiet", ratings: [:], recent: []))
            let unknown = try await HTTP.get(port: server.port, "/api/players/Nobody")
            #expect(unknown.status == 404)
            #expect(PasskeyBrowser.errorCode(unknown) == "playerNotFound")
        }
    }
}
