import Foundation
import RawSocketSupport
import Testing
import WebSocketTransport
import WireProtocol

/// Issue 41 at the transport: the upgrade's `session` cookie and a guest's `login` name are looked up
/// before anything reaches the match, and a look-up that fails loses nothing (the upgrade is refused
/// `503`, the login's connection closed `1011`) rather than seat a signed-in player as a guest or a guest
/// under a registered name.
@Suite("WebSocket transport: account look-ups")
struct AccountLookupTests {
    /// Ann's session is `ann-session`; "Ann" is the one registered name. Unreachable: every look-up throws.
    struct Accounts: AccountLookup {
        struct Unreachable: Error {}
        let reachable: Bool
        /// A look-up of a guest's name never answers (storage that hangs).
        var hangs = false

        func account(sessionToken: String) async throws -> AccountPlayer? {
            guard reachable else { throw Unreachable() }
            return sessionToken == "ann-session" ? AccountPlayer(id: "ann-id", name: "Ann") : nil
        }

        func isRegistered(guestName: String) async throws -> Bool {
            guard reachable else { throw Unreachable() }
            if hangs { try await Task.sleep(for: .seconds(3600)) }
            return guestName == "Ann"
        }
    }

    private static func upgrade(_ port: Int, _ matchID: String, cookie: String?) async throws -> (WireConnection, RawHTTP.Reply) {
        let connection = try await WireConnection.open(port: port)
        let headers = RawHTTP.upgradeHeaders + (cookie.map { [("Cookie", "theme=dark; session=\($0)")] } ?? [])
        return (connection, try await connection.upgrade(path: "/ws/\(matchID)", headers: headers))
    }

    /// The JSON texts received so far.
    private static func texts(_ connection: WireConnection) async throws -> [String] {
        try await connection.waitFor { _ in true }.compactMap(\.text)
    }

    @Test func test_theCookiesAccount_playsAsTheAccount_anotherCookieIsAGuest() async throws {
        try await withTransportServer(configure: { $0.accounts = Accounts(reachable: true) }) { server in
            let matchID = try await server.createMatch()
            let (ann, upgraded) = try await Self.upgrade(server.port, matchID, cookie: "ann-session")
            #expect(upgraded.status == 101)
            ann.sendText(ClientMessage.login(name: "Someone").encoded())
            try await ann.waitForMessages("seated")
            #expect(try await Self.texts(ann).contains { $0.contains(#""name":"Ann""#) && $0.contains(#""type":"seated""#) })
            let (guest, _) = try await Self.upgrade(server.port, matchID, cookie: "ended-session")
            guest.sendText(ClientMessage.login(name: "Ann").encoded())
            try await guest.waitForMessages("error")
            #expect(try await Self.texts(guest).contains { $0.contains(#""code":"nameTaken""#) })
            await ann.close()
            await guest.close()
        }
    }

    @Test func test_anUnreachableAccountStorage_refusesACookiesUpgrade503_andClosesAGuestsNamedLogin1011() async throws {
        try await withTransportServer(configure: { $0.accounts = Accounts(reachable: false) }) { server in
            let matchID = try await server.createMatch()
            let (signedIn, refused) = try await Self.upgrade(server.port, matchID, cookie: "ann-session")
            #expect(refused.status == 503)
            #expect(refused.body.contains(#""code":"notSignedIn""#))
            await signedIn.close()

            let (guest, upgraded) = try await Self.upgrade(server.port, matchID, cookie: nil)
            #expect(upgraded.status == 101, "without a cookie nothing is looked up")
            guest.sendText(ClientMessage.login(name: nil).encoded())
            try await guest.waitForMessages("seated")
            let (named, _) = try await Self.upgrade(server.port, matchID, cookie: nil)
            named.sendText(ClientMessage.login(name: "Bob").encoded())
            let ending = try await named.ending()
            #expect(ending.closeCode == 1011)
            #expect(!ending.frames.contains { $0.messageType == "seated" }, "nobody was seated")
            await guest.close()
        }
    }

    @Test func test_messagesHeldBehindALoginsLookUp_areBounded_theClientSendingMoreIsClosed1008() async throws {
        // The rate limit raised, so that the bound met is the one of the look-up, not the rate's.
        try await withTransportServer(configure: {
            $0.accounts = Accounts(reachable: true, hangs: true)
            $0.messagesPerSecond = 1000
        }) { server in
            let matchID = try await server.createMatch()
            let (guest, _) = try await Self.upgrade(server.port, matchID, cookie: nil)
            guest.sendText(ClientMessage.login(name: "Bob").encoded())
            for _ in 0..<64 { guest.sendText(ClientMessage.sync.encoded()) }
            guest.sendText(ClientMessage.sync.encoded())
            let ending = try await guest.ending()
            #expect(ending.closeCode == 1008)
            #expect(!ending.frames.contains { $0.messageType == "seated" }, "nobody was seated")
        }
    }
}
