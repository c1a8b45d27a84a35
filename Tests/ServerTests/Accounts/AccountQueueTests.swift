import Foundation
import GridGames
import PasskeyTestSupport
import Testing
import WireProtocol

/// Issue 41 in "Play someone now": a signed-in visitor is paired as its account (the account's name, a
/// seat the account's `login` finds on any device), and a guest may not queue under a registered
/// player's name.
@Suite("Play someone now as an account")
struct AccountQueueTests {
    /// A server whose creation limit lets a test join the queue as often as it needs.
    func withServer(_ body: (TestServer) async throws -> Void) async throws {
        try await withTestServer(configure: { $0.matchesPerAddressPerMinute = 100_000 }) { server in try await body(server) }
    }

    /// `POST /api/queue` with `body`, signed in with `cookie`; the ticket.
    static func join(_ browser: PasskeyBrowser, _ body: String, cookie: String?) async throws -> String {
        let reply = try await browser.post("/api/queue", body, cookie: cookie)
        guard reply.status == 201, case .success(let status) = QueueStatus.decode(reply.body), let ticket = status.ticket else {
            throw HTTP.Failure(description: "join: \(reply.status) \(reply.body)")
        }
        return ticket
    }

    static func paired(_ server: TestServer, _ ticket: String) async throws -> QueueStatus {
        let status = try await QueueVisitors.renewUntilPaired(ports: [server.port], ticket, every: .milliseconds(50), timeout: .seconds(10))
        guard status.status == .paired else { throw HTTP.Failure(description: "not paired: \(status)") }
        return status
    }

    @Test("Paired signed in: the account's name, a seat its login on another device resumes without a token, marked account")
    func test_aSignedInVisitorPaired_sitsInTheAccountsSeat() async throws {
        try await withServer { server in
            let browser = PasskeyBrowser(port: server.port)
            let cookie = try await server.registerAccount("Ann")
            let annTicket = try await Self.join(browser, #"{"name": "Mallory"}"#, cookie: cookie)
            let bobTicket = try await Self.join(browser, #"{"name": "Bob"}"#, cookie: nil)
            let ann = try await Self.paired(server, annTicket)
            let bob = try await Self.paired(server, bobTicket)
            let matchID = try #require(ann.matchId)
            #expect(bob.matchId == matchID && ann.seat == .player1 && bob.seat == .player2)
            #expect(try await server.summary(of: matchID).players.map(\.name) == ["Ann", "Bob"], "the name the body gave is ignored")

            // The page that joined resumes with the ticket's token, as any visitor's does.
            let (page, _) = try await TestClient.connected(port: server.port, matchID: matchID, cookie: cookie)
            page.send(.resume(token: try #require(ann.token)))
            #expect(try await page.nextWelcome().you == .player1)
            // Another device signed in to Ann finds the seat by the account: no token, no third seat.
            let (laptop, _) = try await TestClient.connected(port: server.port, matchID: matchID, cookie: cookie)
            let back = try await laptop.seat(as: "Someone else")
            #expect(back.seat == .player1 && back.name == "Ann" && back.token == nil)
            let players = try await laptop.nextWelcome().players
            #expect(players.first == WirePlayer(seat: .player1, name: "Ann", connected: true, account: true))
            #expect(players.last?.name == "Bob" && players.last?.account == nil, "the guest is not marked")
            // Both of Ann's connections play the seat; the game the queue started is running.
            let (bobPage, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            bobPage.send(.resume(token: try #require(bob.token)))
            #expect(try await bobPage.nextWelcome().you == .player2)
            laptop.send(.move(row: 0, col: 0))
            try await page.nextBoard(last: WireMove(row: 0, col: 0, seat: .player1))
        }
    }

    @Test("A guest queueing under a registered name, in any case or width, is 409 nameTaken and queued nowhere; other names join")
    func test_aGuestQueueingUnderARegisteredName_isRefused409() async throws {
        try await withServer { server in
            let browser = PasskeyBrowser(port: server.port)
            let cookie = try await server.registerAccount("Zoë")
            #expect(try await browser.post("/api/logout", cookie: cookie).status == 204)
            for (borrowed, signedOut) in [("Zoë", false), ("ZOË", false), ("Ｚｏë", false), ("  zoe\u{308} ", false), ("zoë", true)] {
                let reply = try await browser.post(
                    "/api/queue", PasskeyBrowser.json(QueueJoin(name: borrowed)), cookie: signedOut ? cookie : nil)
                #expect(reply.status == 409, "\(borrowed)")
                #expect(PasskeyBrowser.errorCode(reply) == "nameTaken", "\(borrowed)")
                #expect(reply.body.contains(ErrorCode.nameTaken.defaultMessage), "\(borrowed): \(reply.body)")
            }
            // Nobody refused waits: the first guest who joins now waits alone, and the next pairs with it.
            let zoey = try await Self.join(browser, #"{"name": "Zoey"}"#, cookie: nil)
            for _ in 0..<5 {
                #expect(try await QueueVisitors.renew(port: server.port, zoey)?.status == .waiting)
                try await Task.sleep(for: .milliseconds(20))
            }
            let other = try await Self.join(browser, "{}", cookie: nil)
            try await PairingQueueTests.expectPairedWithEachOther(port: server.port, zoey, other, "the two guests pair")
            let matchID = try #require(try await QueueVisitors.renew(port: server.port, zoey)?.matchId)
            #expect(try await server.summary(of: matchID).players.map(\.name) == ["Zoey", "Player 2"])
        }
    }

    @Test("One account waiting on two pages is not paired with itself; a guest takes the first page")
    func test_oneAccountOnTwoPages_isNotPairedWithItself() async throws {
        try await withServer { server in
            let browser = PasskeyBrowser(port: server.port)
            let cookie = try await server.registerAccount("Ann")
            let first = try await Self.join(browser, "{}", cookie: cookie)
            let second = try await Self.join(browser, "{}", cookie: cookie)
            for _ in 0..<10 {
                #expect(try await QueueVisitors.renew(port: server.port, first)?.status == .waiting)
                #expect(try await QueueVisitors.renew(port: server.port, second)?.status == .waiting)
                try await Task.sleep(for: .milliseconds(20))
            }
            let guest = try await QueueVisitors.join(port: server.port, name: "Cy")
            try await PairingQueueTests.expectPairedWithEachOther(port: server.port, first, guest, "Cy pairs with Ann's first page")
            #expect(try await QueueVisitors.renew(port: server.port, second)?.status == .waiting)
        }
    }
}
