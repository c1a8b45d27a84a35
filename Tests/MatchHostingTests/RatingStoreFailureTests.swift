import AllGames
import Foundation
import Logging
import MatchStore
import MatchWords
import RatingStore
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

@testable import MatchHosting

/// Issue 42: a rating store that cannot be reached when a rated game ends is a storage failure. The
/// ending is stored, nobody is told it (no `gameOver`: its ratings are not stored), the match's
/// connections are closed 1011 to come back, and the load that follows rates the game first.
struct RatingStoreFailureTests {
    /// A rating store that refuses to apply while unreachable; it reads what it holds either way.
    actor SwitchableRatingStore: RatingStore {
        struct Unreachable: Error {}
        let held = InMemoryRatingStore()
        private var reachable = false

        func makeReachable() { reachable = true }

        func apply(_ game: RatedGame) async throws -> RatedGameRecord {
            guard reachable else { throw Unreachable() }
            return try await held.apply(game)
        }

        func ratedGame(matchID: String, gameNumber: Int) async throws -> RatedGameRecord? {
            await held.ratedGame(matchID: matchID, gameNumber: gameNumber)
        }

        func ratings(of accountID: String) async throws -> [PlayerRating] { await held.ratings(of: accountID) }

        func recentGames(of accountID: String, limit: Int) async throws -> [RatedGameRecord] {
            await held.recentGames(of: accountID, limit: limit)
        }

        func leaderboard(gameID: String, limit: Int) async throws -> [LeaderboardEntry] {
            await held.leaderboard(gameID: gameID, limit: limit)
        }
    }

    /// What `connection` was sent so far: its messages, and the code of a close if one came.
    private static func drain(_ connection: Connection) -> (messages: [ServerMessage], close: UInt16?) {
        var messages: [ServerMessage] = []
        var close: UInt16?
        while let item = connection.queue.take() {
            switch item {
            case .text, .frames:
                for payload in item.payloads {
                    guard case .success(let message) = ServerMessage.decode(String(buffer: payload)) else {
                        Issue.record("undecodable message queued: \(String(buffer: payload))")
                        continue
                    }
                    messages.append(message)
                }
            case .close(let code, _):
                close = code
            }
        }
        return (messages, close)
    }

    @Test func test_anUnreachableRatingStore_tellsNoGameOver_closes1011_andTheNextLoadRatesTheGame() async throws {
        let store = InMemoryMatchStore()
        let ratings = SwitchableRatingStore()
        var logger = Logger(label: "rating-store-failure")
        logger.logLevel = .critical
        let registry = MatchRegistry(
            store: store, games: .standard, seatTimeout: .seconds(60), maxConnectionsPerMatch: 10, computerDelay: .zero,
            trackRIBObjects: false, metrics: ServerMetrics(), ratings: ratings, logger: logger)
        let (id, tokens) = try await registry.create(
            seating: [.person(name: "Ann", account: "ann-id"), .person(name: "Ben", account: "ben-id")], launching: "ticTacToe", rated: true
        )
        let host = try await registry.host(for: id)
        let ann = Connection(remoteAddress: "ann", queueLimit: 1000)
        let ben = Connection(remoteAddress: "ben", queueLimit: 1000)
        for (connection, seat) in [(ann, Seat.player1), (ben, .player2)] {
            #expect(await host.connect(connection) == .connected)
            await host.handle(.resume(token: try #require(tokens[seat])), from: connection.id)
        }
        for (connection, row, col) in [(ann, 0, 0), (ben, 1, 0), (ann, 0, 1), (ben, 1, 1), (ann, 0, 2)] {
            await host.handle(.move(row: row, col: col), from: connection.id)
        }
        var annSaw: [ServerMessage] = []
        var closed: UInt16?
        let failed = await eventually {
            let sent = Self.drain(ann)
            annSaw += sent.messages
            closed = closed ?? sent.close
            return closed != nil
        }
        #expect(failed && closed == 1011, "the match is closed as for a failed write")
        #expect(!annSaw.contains { $0.type == "gameOver" }, "nothing told that was not stored")
        #expect(try #require(try await store.records(of: id)).contains { $0.record == .gameEnded(winner: .player1) })
        #expect(try await ratings.ratedGame(matchID: id.rawValue, gameNumber: 1) == nil)

        // The store is back; the players reconnect, which loads the match again: it is rated first.
        await ratings.makeReachable()
        let reloaded = try await registry.host(for: id)
        #expect(reloaded !== host)
        let record = try #require(try await ratings.ratedGame(matchID: id.rawValue, gameNumber: 1))
        #expect(record.game.result == .player1Won && record.game.player1.accountID == "ann-id")
        #expect(try await ratings.ratings(of: "ben-id").map(\.games) == [1])
        await registry.shutdown()
    }
}
