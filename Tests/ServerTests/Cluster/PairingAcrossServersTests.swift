import Foundation
import GridGames
import MatchWords
import PostgresStore
import Testing
import WireProtocol

@testable import Server

private let clusterDatabaseURL = ProcessInfo.processInfo.environment["TICTACTOE_TEST_POSTGRES_URL"]

/// "Play someone now" with two servers on one PostgreSQL, in process: visitors join and renew on
/// either server (as behind a round-robin proxy), both servers pair at once, and nobody is paired twice
/// or left behind. Runs where
/// `TICTACTOE_TEST_POSTGRES_URL` is set (scripts/test.sh starts a private PostgreSQL).
@Suite(
    "Play someone now across two servers on one PostgreSQL",
    .enabled(if: clusterDatabaseURL != nil, "TICTACTOE_TEST_POSTGRES_URL is not set: these tests need a PostgreSQL server")
)
struct PairingAcrossServersTests {
    /// Two servers on stores of one new schema: a queue of their own, whatever another test left in
    /// another one.
    private func withTwoServers(_ body: (TestServer, TestServer) async throws -> Void) async throws {
        let url = try PostgresURL(try #require(clusterDatabaseURL))
        let schema = "pairing_\(UUID().uuidString.prefix(8).lowercased())"
        func configure(_ configuration: inout ServerConfiguration) {
            configuration.matchesPerAddressPerMinute = 100_000
        }
        try await withTestServer(store: try await PostgresMatchStore(url: url, schema: schema), configure: configure) { first in
            try await withTestServer(store: try await PostgresMatchStore(url: url, schema: schema), configure: configure) { second in
                try await body(first, second)
            }
        }
    }

    @Test func test_twoHundredAndOneVisitorsOnTwoServers_areEachPairedOnce_andTheOddOneOutWaits() async throws {
        try await withTwoServers { first, second in
            let ports = [first.port, second.port]
            let started = ContinuousClock.now
            let results = try await QueueVisitors.crowd(201, ports: ports)
            let elapsed = ContinuousClock.now - started
            let matches = QueueVisitors.expectPairedOnce(results, oddOnes: 1)
            #expect(matches.count == 100)
            print("201 visitors on two servers: 100 pairs in \(elapsed)")
            let odd = try #require(results.first { $0.status.status == .waiting })
            #expect(try await QueueVisitors.renew(port: second.port, odd.ticket)?.status == .waiting)
            try await QueueVisitors.cancel(port: first.port, odd.ticket)
            #expect(try await QueueVisitors.renew(port: second.port, odd.ticket) == nil, "cancelled on one server, gone on both")
        }
    }

    @Test func test_visitorsWhoJoinedOnDifferentServers_arePaired_resume_andPlay() async throws {
        try await withTwoServers { first, second in
            let alice = try await QueueVisitors.join(port: first.port, name: "Alice")
            let bob = try await QueueVisitors.join(port: second.port, name: "Bob")
            let aliceSeat = try await QueueVisitors.renewUntilPaired(ports: [first.port], alice, timeout: .seconds(10))
            let bobSeat = try await QueueVisitors.renewUntilPaired(ports: [second.port], bob, timeout: .seconds(10))
            let matchID = try #require(aliceSeat.matchId)
            #expect(bobSeat.matchId == matchID)

            // Both pages reach the match on the second server, whichever server paired them.
            let (alicePage, _) = try await TestClient.connected(port: second.port, matchID: matchID)
            alicePage.send(.resume(token: try #require(aliceSeat.token)))
            let (bobPage, _) = try await TestClient.connected(port: second.port, matchID: matchID)
            bobPage.send(.resume(token: try #require(bobSeat.token)))
            let welcome = try await bobPage.next { if case .welcome(.some, _, _) = $0 { true } else { false } }
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.phase == .playing("ticTacToe"))
            _ = try await alicePage.next { if case .seated = $0 { true } else { false } }
            let starter = aliceSeat.seat == .player1 ? alicePage : bobPage
            let other = starter === alicePage ? bobPage : alicePage
            starter.send(.move(row: 0, col: 0))
            #expect(try await other.nextBoard().last == WireMove(row: 0, col: 0, seat: .player1))
            alicePage.close()
            bobPage.close()
        }
    }

    @Test("Rated seekers who joined on different servers pair into a rated match; an unrated seeker is left to wait")
    func test_ratedSeekersOnDifferentServers_pairRated_andNeverWithAnUnratedOne() async throws {
        try await withTwoServers { first, second in
            let ann = try await first.registerAccount("Ann")
            let bob = try await second.registerAccount("Bob")
            let cy = try await first.registerAccount("Cy")
            func join(_ server: TestServer, _ cookie: String, rated: Bool) async throws -> String {
                let reply = try await PasskeyBrowser(port: server.port).post(
                    "/api/queue", PasskeyBrowser.json(QueueJoin(rated: rated ? true : nil)), cookie: cookie)
                guard reply.status == 201, case .success(let status) = QueueStatus.decode(reply.body), let ticket = status.ticket else {
                    throw HTTP.Failure(description: "join: \(reply.status) \(reply.body)")
                }
                return ticket
            }
            let unrated = try await join(first, cy, rated: false)
            let annTicket = try await join(first, ann, rated: true)
            let bobTicket = try await join(second, bob, rated: true)
            let annSeat = try await QueueVisitors.renewUntilPaired(ports: [first.port, second.port], annTicket, timeout: .seconds(10))
            let bobSeat = try await QueueVisitors.renewUntilPaired(ports: [second.port], bobTicket, timeout: .seconds(10))
            let matchID = try #require(annSeat.matchId)
            #expect(bobSeat.matchId == matchID)
            #expect(try await second.summary(of: matchID).rated == true)
            let waiting = try #require(try await QueueVisitors.renew(port: second.port, unrated))
            #expect(waiting.status == .waiting && waiting.window == nil, "the unrated seeker waits on, told no window")
        }
    }
}
