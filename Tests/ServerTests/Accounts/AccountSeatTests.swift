import Foundation
import GridGames
import RawSocketSupport
import Testing
import TicTacToe
import WireProtocol

/// Issue 41, "A signed-in player is one person in every match": over real WebSockets, the `session`
/// cookie of the upgrade makes the connection the account's, whose `login` takes the account's name and
/// seat on every device.
@Suite("Account seats over WebSockets")
struct AccountSeatTests {
    @Test("Two devices of one account sit in one seat under the account's name, and both play it")
    func test_twoDevicesOfOneAccount_sitInOneSeat_andBothPlayIt() async throws {
        try await withTestServer { server in
            let cookie = try await server.registerAccount("Ann")
            let matchID = try await server.createMatch()
            let (phone, _) = try await TestClient.connected(port: server.port, matchID: matchID, cookie: cookie)
            let onPhone = try await phone.seat(as: "Mallory")
            #expect(onPhone.seat == .player1)
            #expect(onPhone.name == "Ann", "the name the login gave is ignored")
            #expect(onPhone.token != nil)

            let (laptop, _) = try await TestClient.connected(port: server.port, matchID: matchID, cookie: cookie)
            let onLaptop = try await laptop.seat(as: nil)
            #expect(onLaptop.seat == .player1 && onLaptop.name == "Ann")
            #expect(onLaptop.token == nil, "resumed by the account, without a token")
            let welcome = try await laptop.nextWelcome()
            #expect(welcome.you == .player1)
            #expect(welcome.players == [WirePlayer(seat: .player1, name: "Ann", connected: true, account: true)])

            let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            #expect(try await bob.seat(as: "Bob").seat == .player2)
            let players = try await phone.nextPresence { $0.count == 2 }
            #expect(
                players == [
                    WirePlayer(seat: .player1, name: "Ann", connected: true, account: true),
                    WirePlayer(seat: .player2, name: "Bob", connected: true),
                ], "the account is marked, the guest is not")

            // Both connections are the seat: the phone starts and moves, the laptop moves next.
            phone.send(.startGame(gameId: "ticTacToe"))
            phone.send(.move(row: 0, col: 0))
            try await bob.nextBoard(last: WireMove(row: 0, col: 0, seat: .player1))
            bob.send(.move(row: 2, col: 2))
            try await laptop.nextBoard(last: WireMove(row: 2, col: 2, seat: .player2))
            laptop.send(.move(row: 1, col: 1))
            try await phone.nextBoard(last: WireMove(row: 1, col: 1, seat: .player1))
            #expect(try await server.summary(of: matchID).players.map(\.name) == ["Ann", "Bob"])
        }
    }

    @Test("A guest's login with an account's name, in any case or width, is nameTaken and changes nothing; other names sit")
    func test_aGuestNamedAsAnAccount_isRefusedNameTaken_andOtherNamesSit() async throws {
        try await withTestServer { server in
            _ = try await server.registerAccount("Zoë")
            let matchID = try await server.createMatch()
            let (guest, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            // The same name, another case, full-width letters, a decomposed ë, and blanks around it.
            for borrowed in ["Zoë", "ZOË", "Ｚｏë", "Zoe\u{308}", "  zoë "] {
                guest.send(.login(name: borrowed))
                #expect(try await guest.nextError() == .nameTaken, "\(borrowed)")
            }
            #expect(try await server.summary(of: matchID).players.isEmpty, "nothing changed")

            // What the client sent behind a login being looked up keeps its order.
            guest.send(.login(name: "zoë"))
            guest.send(.login(name: "Zoey"))
            guest.send(.sync)
            _ = try await guest.nextWelcome()
            let answers = Array(
                try guest.received().filter {
                    switch $0 {
                    case .error, .seated, .welcome: true
                    default: false
                    }
                }.suffix(3))
            #expect(answers.first == .error(code: .nameTaken, message: ErrorCode.nameTaken.defaultMessage))
            guard answers.count == 3, case .seated(.player1, "Zoey", _?) = answers[1], case .welcome(.player1, _, _) = answers[2] else {
                Issue.record("expected nameTaken, seated as Zoey, welcome: \(answers)")
                return
            }
        }
    }

    @Test("Among guests everything is as before: any free name sits, with a token, and nobody is marked")
    func test_guestsOnly_areServedAsBefore() async throws {
        try await withTestServer { server in
            _ = try await server.registerAccount("Ann")
            let matchID = try await server.createMatch()
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            #expect(try await alice.seat(as: "Annie").token != nil)
            #expect(try await bob.seat(as: nil).name == "Player 2")
            _ = try await alice.nextPresence { $0.count == 2 }
            let texts = alice.inbox.received() + bob.inbox.received()
            #expect(!texts.contains { $0.contains(#""account""#) }, "version 1 clients see nothing new")
        }
    }

    @Test("A cookie of a session that was logged out is a guest's: no account, and the account's name is nameTaken")
    func test_aRevokedCookie_isAGuest() async throws {
        try await withTestServer { server in
            let cookie = try await server.registerAccount("Ann")
            #expect(try await PasskeyBrowser(port: server.port).post("/api/logout", cookie: cookie).status == 204)
            let matchID = try await server.createMatch()
            let (stolen, _) = try await TestClient.connected(port: server.port, matchID: matchID, cookie: cookie)
            stolen.send(.login(name: "Ann"))
            #expect(try await stolen.nextError() == .nameTaken)
            let seated = try await stolen.seat(as: nil)
            #expect(seated.name == "Player 1" && seated.token != nil)
            #expect(try await stolen.nextPresence() == [WirePlayer(seat: .player1, name: "Player 1", connected: true)])
        }
    }

    @Test("A session cookie sent from a forbidden origin is refused 403 like any forbidden origin")
    func test_aSessionCookieFromAForbiddenOrigin_isRefused403() async throws {
        try await withTestServer { server in
            let cookie = try await server.registerAccount("Ann")
            let matchID = try await server.createMatch()
            let withCookie = RawHTTP.upgradeHeaders + [("Cookie", "session=\(cookie)")]
            let forbidden = try await WireConnection.open(port: server.port)
            let refused = try await forbidden.upgrade(path: "/ws/\(matchID)", headers: withCookie + [("Origin", "https://evil.example")])
            #expect(refused.status == 403)
            #expect(refused.body.contains(#""code":"badMessage""#))
            await forbidden.close()
            let own = try await WireConnection.open(port: server.port)
            let upgraded = try await own.upgrade(
                path: "/ws/\(matchID)", headers: withCookie + [("Origin", "http://127.0.0.1:\(server.port)")])
            #expect(upgraded.status == 101, "the page's own origin with the same cookie")
            await own.close()
        }
    }
}
