import Foundation
import Testing
import WireProtocol

/// Issue 41: an account's seat is in the match's log (`seatTaken`'s `account`), so that after a crash
/// the account's `login`, on any device, finds it again; the accounts and sessions themselves are in
/// the same SQLite file.
@Suite("Recovery: an account's seat")
struct AccountSeatKillRecoveryTests {
    @Test func test_anAccountsSeat_survivesASIGKILL_andTheAccountsLoginOnAnotherDeviceResumesIt() async throws {
        try await ServerLaunches.withDatabase { launches in
            let first = try await launches.start()
            let cookie = try await first.registerAccount("Ann")
            let matchID = try await first.createMatch()
            let (phone, _) = try await TestClient.connected(port: first.port, matchID: matchID, cookie: cookie)
            #expect(try await phone.seat(as: nil).seat == .player1)
            let (bob, _) = try await TestClient.connected(port: first.port, matchID: matchID)
            let bobSeat = try await bob.seat(as: "Bob")
            await first.kill()

            let second = try await launches.start()
            let (laptop, _) = try await TestClient.connected(port: second.port, matchID: matchID, cookie: cookie)
            let back = try await laptop.seat(as: "Someone else")
            #expect(back.seat == .player1 && back.name == "Ann")
            #expect(back.token == nil, "resumed by the account, which no token was needed for")
            let welcome = try await laptop.nextWelcome()
            #expect(welcome.you == .player1)
            #expect(welcome.players.map { "\($0.name) \($0.account == true) \($0.connected)" } == ["Ann true true", "Bob false false"])

            let (bobBack, _) = try await TestClient.connected(port: second.port, matchID: matchID)
            bobBack.send(.resume(token: try #require(bobSeat.token)))
            #expect(try await bobBack.nextWelcome().you == .player2, "a guest's seat comes back by its token, as before")
            let (stranger, _) = try await TestClient.connected(port: second.port, matchID: matchID)
            stranger.send(.login(name: "ann"))
            #expect(try await stranger.nextError() == .nameTaken, "the account outlived the crash too")
        }
    }
}
