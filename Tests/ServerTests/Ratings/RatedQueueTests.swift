import Foundation
import MatchHosting
import MatchStoreContract
import RatingStore
import SQLiteStore
import Testing
import VirtualTime
import WireProtocol

@testable import Server

/// Issue 42's "Play someone now" by strength: rated seekers are paired within a rating window that
/// widens with their wait (both windows must cover the gap), never with a block between them, never
/// with unrated seekers; the renew answer tells the window. On the server's virtual clock.
@Suite("Rated queue")
struct RatedQueueTests {
    @Test("The window: 100, 50 wider every 5 s, at most 500; two seekers 300 apart are covered at 20 s, both windows counting")
    func test_theWindow() {
        #expect([0, 4, 5, 19, 20, 40, 300].map { RatingWindow.width(after: .seconds($0)) } == [100, 100, 150, 250, 300, 500, 500])
        #expect(!RatingWindow.covers(1500, 1800, firstWaited: .seconds(19), secondWaited: .seconds(19)))
        #expect(RatingWindow.covers(1500, 1800, firstWaited: .seconds(20), secondWaited: .seconds(20)))
        #expect(!RatingWindow.covers(1800, 1500, firstWaited: .seconds(60), secondWaited: .seconds(0)), "the newcomer's window too")
    }

    /// A server on virtual time and a SQLite store whose rating store the test fills.
    private func withServer(_ body: (TestServer, VirtualTime, SQLiteMatchStore) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let store = try SQLiteMatchStore(path: directory.appendingPathComponent("store.sqlite").path)
            let time = VirtualTime()
            do {
                try await withTestServer(store: store, time: time, configure: { $0.matchesPerAddressPerMinute = 1000 }) { server in
                    try await body(server, time, store)
                }
            } catch {
                try? await store.close()
                throw error
            }
            try? await store.close()
        }
    }

    private static func join(_ server: TestServer, cookie: String?, rated: Bool = true) async throws -> (
        ticket: String, status: QueueStatus
    ) {
        let reply = try await PasskeyBrowser(port: server.port).post(
            "/api/queue", PasskeyBrowser.json(QueueJoin(rated: rated ? true : nil)), cookie: cookie)
        guard reply.status == 201, case .success(let status) = QueueStatus.decode(reply.body), let ticket = status.ticket else {
            throw HTTP.Failure(description: "join: \(reply.status) \(reply.body)")
        }
        return (ticket, status)
    }

    @Test("Two seekers far apart wait, each told its window, until both windows cover the gap; then they play a rated match")
    func test_farApart_waitUntilTheWindowsCoverThem() async throws {
        try await withServer { server, time, store in
            let ann = try await server.registerAccount("Ann")
            let bob = try await server.registerAccount("Bob")
            let accounts = store.makeAccountStore()
            let annPlayer = try #require(try await accounts.account(named: "Ann"))
            let bobPlayer = try #require(try await accounts.account(named: "Bob"))
            // Ann beat Bob once: both provisional, 484 apart (1742 and 1258), paired once both windows reach 500.
            let record = try await store.makeRatingStore().apply(
                RatedGame(
                    matchID: "earlier", gameNumber: 1, gameID: "ticTacToe", player1: RatedPlayer(accountID: annPlayer.id, name: "Ann"),
                    player2: RatedPlayer(accountID: bobPlayer.id, name: "Bob"), result: .player1Won, endedAt: Date()))
            let gap = abs(WireRoundingGap.of(record))
            let due = try #require((0...60).first { RatingWindow.width(after: .seconds($0 * 5)) >= gap }.map { $0 * 5 })
            #expect(due > 0, "they are too far apart to be paired at once (\(gap))")

            let (annTicket, joined) = try await Self.join(server, cookie: ann)
            #expect(joined.window == 100)
            let (bobTicket, _) = try await Self.join(server, cookie: bob)
            var waited = 0
            while waited < due {
                for ticket in [annTicket, bobTicket] {
                    let status = try #require(try await QueueVisitors.renew(port: server.port, ticket))
                    #expect(status.status == .waiting, "at \(waited) s, window \(status.window ?? 0) < \(gap)")
                    #expect(status.window == RatingWindow.width(after: .seconds(waited)))
                }
                await time.advance(by: .seconds(5))
                waited += 5
            }
            let annSeat = try await QueueVisitors.renewUntilPaired(
                ports: [server.port], annTicket, every: .milliseconds(20), timeout: .seconds(10))
            let bobSeat = try await QueueVisitors.renewUntilPaired(
                ports: [server.port], bobTicket, every: .milliseconds(20), timeout: .seconds(10))
            let matchID = try #require(annSeat.matchId)
            #expect(bobSeat.matchId == matchID)
            #expect(try await server.summary(of: matchID).rated == true, "a rated match")
        }
    }

    @Test("A blocked pair is never matched, however long they wait; a rated and an unrated seeker never either")
    func test_blockedOrUnrated_neverPaired() async throws {
        try await withServer { server, time, _ in
            let cid = try await server.registerAccount("Cid")
            let dee = try await server.registerAccount("Dee")
            let eve = try await server.registerAccount("Eve")
            let blocked = try await PasskeyBrowser(port: server.port).post("/api/blocks", #"{"name": "Cid"}"#, cookie: dee)
            #expect(blocked.status < 300, "\(blocked.status) \(blocked.body)")
            let tickets = [
                try await Self.join(server, cookie: cid).ticket, try await Self.join(server, cookie: dee).ticket,
                try await Self.join(server, cookie: eve, rated: false).ticket,
                try await Self.join(server, cookie: nil, rated: false).ticket,
            ]
            // The two unrated seekers pair with each other; Cid and Dee, rated the same, never.
            for _ in 0..<12 {
                for ticket in tickets.prefix(2) {
                    let status = try #require(try await QueueVisitors.renew(port: server.port, ticket))
                    #expect(status.status == .waiting)
                }
                await time.advance(by: .seconds(5))
            }
            let unrated = try await QueueVisitors.renewUntilPaired(
                ports: [server.port], tickets[2], every: .milliseconds(20), timeout: .seconds(10))
            #expect(unrated.window == nil)
            #expect(try await server.summary(of: try #require(unrated.matchId)).rated == nil)
            for ticket in tickets.prefix(2) { #expect(try await QueueVisitors.renew(port: server.port, ticket)?.status == .waiting) }
        }
    }

    @Test("The queue's rated: true is for signed-in players: 401 notSignedIn for a guest")
    func test_aGuestsRatedSeat_isRefused() async throws {
        try await withTestServer { server in
            let reply = try await PasskeyBrowser(port: server.port).post("/api/queue", #"{"rated": true}"#)
            #expect(reply.status == 401)
            #expect(PasskeyBrowser.errorCode(reply) == "notSignedIn")
        }
    }
}

/// The gap between a rated game's two players after it, as the wire shows them.
private enum WireRoundingGap {
    static func of(_ record: RatedGameRecord) -> Int {
        WireRatingChange(record.player1).after - WireRatingChange(record.player2).after
    }
}
