import Foundation
import GridGames
import Logging
import MatchStore
import MatchWords
import Testing
import VirtualTime
import WireProtocol

@testable import Server

/// "Play someone now" on one server (docs/PROTOCOL.md): the queue pairs visitors two by two into a new
/// match, seated and with the game started; a visitor may cancel, and one who stops renewing is dropped.
@Suite("Play someone now on one server")
struct PairingQueueTests {
    /// A server on a SQLite file (the default store), every visitor allowed to join as often as the
    /// test needs.
    func withServer(
        renewWithin: Duration = .seconds(10), logger: Logger? = nil, time: VirtualTime? = nil, _ body: (TestServer) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("PairingQueueTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withTestServer(logger: logger, time: time) {
            $0.databasePath = directory.appendingPathComponent("matches.sqlite").path
            $0.synchronous = .normal
            $0.matchesPerAddressPerMinute = 100_000
            $0.pairingTimes.renewWithin = renewWithin
        } _: { server in
            try await body(server)
        }
    }

    @Test func test_twoHundredAndOneVisitorsAtOnce_areEachPairedOnce_andTheOddOneOutWaits() async throws {
        try await withServer { server in
            let results = try await QueueVisitors.crowd(201, ports: [server.port])
            let matches = QueueVisitors.expectPairedOnce(results, oddOnes: 1)
            #expect(matches.count == 100)
            let odd = try #require(results.first { $0.status.status == .waiting })
            #expect(try await QueueVisitors.renew(port: server.port, odd.ticket)?.status == .waiting)
            // Nothing of the queue's secrets in the lobby's list: the paired matches are full, not listed.
            let listed = try await HTTP.get(port: server.port, "/api/matches")
            #expect(matches.allSatisfy { !listed.body.contains($0) })
        }
    }

    @Test func test_thePairedVisitors_resumeTheirSeats_andTheGameIsOn() async throws {
        let capture = LogCapture()
        try await withServer(logger: capture.logger()) { server in
            let alice = try await QueueVisitors.join(port: server.port, name: "Alice")
            let bob = try await QueueVisitors.join(port: server.port, name: "Bob")
            let first = try await QueueVisitors.renewUntilPaired(ports: [server.port], alice, timeout: .seconds(10))
            let second = try await QueueVisitors.renewUntilPaired(ports: [server.port], bob, timeout: .seconds(10))
            let matchID = try #require(first.matchId)
            #expect(second.matchId == matchID)
            #expect(first.seat == .player1)
            #expect(second.seat == .player2)

            let (alicePage, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            alicePage.send(.resume(token: try #require(first.token)))
            let (bobPage, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            bobPage.send(.resume(token: try #require(second.token)))
            let seated = try await alicePage.next { if case .seated = $0 { true } else { false } }
            #expect(seated == .seated(seat: .player1, name: "Alice", token: try #require(first.token)))
            let welcome = try await bobPage.next { if case .welcome(.player2, _, _) = $0 { true } else { false } }
            guard case .welcome(_, let snapshot, _) = welcome else {
                Issue.record("expected .welcome, got \(welcome)")
                return
            }
            #expect(snapshot.phase == .playing("ticTacToe"), "the game is started")
            #expect(snapshot.players.map(\.name) == ["Alice", "Bob"])

            // Player 1 starts the pair's first game; Bob sees the move.
            alicePage.send(.move(row: 1, col: 1))
            #expect(try await bobPage.nextBoard().last == WireMove(row: 1, col: 1, seat: .player1))

            let secrets = [alice, bob, first.token, second.token].compactMap { $0 }
            #expect(!capture.all.contains { record in secrets.contains { record.line.contains($0) } }, "no ticket or token logged")
            alicePage.close()
            bobPage.close()
        }
    }

    @Test func test_aVisitorWhoCancels_leavesTheQueue_andIsPairedWithNobody() async throws {
        try await withServer { server in
            let alice = try await QueueVisitors.join(port: server.port)
            try await QueueVisitors.cancel(port: server.port, alice)
            #expect(try await QueueVisitors.renew(port: server.port, alice) == nil, "404 once cancelled")
            // Bob, then Carol: paired with each other, which shows Bob was paired with nobody before her.
            let bob = try await QueueVisitors.join(port: server.port)
            let carol = try await QueueVisitors.join(port: server.port)
            try await Self.expectPairedWithEachOther(port: server.port, bob, carol, "Bob waits for Carol: Alice left")
        }
    }

    /// Both tickets end paired, in one match, on its two seats.
    static func expectPairedWithEachOther(port: Int, _ first: String, _ second: String, _ why: String) async throws {
        let one = try await QueueVisitors.renewUntilPaired(ports: [port], first, every: .milliseconds(50), timeout: .seconds(10))
        let other = try await QueueVisitors.renewUntilPaired(ports: [port], second, every: .milliseconds(50), timeout: .seconds(10))
        #expect(one.status == .paired && other.status == .paired, "\(why): \(one), \(other)")
        #expect(one.matchId != nil && one.matchId == other.matchId, "\(why): \(one), \(other)")
        #expect(one.seat != other.seat, "\(why): \(one), \(other)")
    }

    @Test func test_aVisitorWhoStopsRenewing_isDropped_andPairedWithNobody() async throws {
        let time = VirtualTime()
        try await withServer(renewWithin: .seconds(2), time: time) { server in
            let closedTab = try await QueueVisitors.join(port: server.port)
            await time.advance(by: .seconds(2))
            #expect(try await QueueVisitors.renew(port: server.port, closedTab) == nil, "dropped: not renewed in time")
            let newcomer = try await QueueVisitors.join(port: server.port)
            let next = try await QueueVisitors.join(port: server.port)
            try await Self.expectPairedWithEachOther(port: server.port, newcomer, next, "not paired with the tab closed")
        }
    }

    @Test func test_aBodyThatIsNotWhatTheRouteReads_isRefused400SayingWhy_andAnUnknownTicket404() async throws {
        try await withServer { server in
            let bad = try await HTTP.request(port: server.port, "/api/queue/renew", method: .POST, body: "{\"ticket\": 5}")
            #expect(bad.status == 400)
            #expect(try await QueueVisitors.renew(port: server.port, "not-a-ticket") == nil)
            // Each refusal says what is wrong, and a field the route does not know is refused, as
            // POST /api/matches does: a typing mistake is told, not ignored.
            let refusals: [(String, String, String)] = [
                ("/api/queue/renew", #"{"ticket": 5}"#, #"The field "ticket" must be a string."#),
                ("/api/queue/renew", "{}", #"The field "ticket" is missing."#),
                ("/api/queue/cancel", #"{"ticket": "t", "tikcet": "t"}"#, #"There is no field "tikcet"."#),
                ("/api/queue", #"{"name": 5}"#, #"The field "name" must be a string."#),
                ("/api/queue", #"{"name": "Ann", "x": 1}"#, #"There is no field "x"."#),
                ("/api/queue", #"{"gameId": 5}"#, #"The field "gameId" must be a string."#),
                ("/api/queue", "[1]", #"The body must be empty or a JSON object such as {"name": "Ann", "gameId": "connectFour"}."#),
            ]
            for (path, body, sentence) in refusals {
                let reply = try await HTTP.request(port: server.port, path, method: .POST, body: body)
                #expect(reply.status == 400, "\(path) \(body)")
                #expect(
                    ErrorBody.decode(reply.body) == .success(ErrorBody(code: .badMessage, message: sentence)),
                    "\(path) \(body): \(reply.body)")
            }
            // A name given as null is no name.
            let joined = try await HTTP.request(port: server.port, "/api/queue", method: .POST, body: #"{"name": null}"#)
            #expect(joined.status == 201, "\(joined.body)")
        }
    }
}
