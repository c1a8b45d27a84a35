import Foundation
import PasskeyTestSupport
import Passkeys
import Testing
import WireProtocol

/// Issue 41 on a cluster: two servers on one PostgreSQL share accounts, so that a ceremony begun on one
/// is finished on the other, a session made on one is good on the other, and a challenge spent on one
/// is spent on both. Runs where `TICTACTOE_TEST_POSTGRES_URL` is set (scripts/test.sh starts a private
/// PostgreSQL).
@Suite(
    "Passkeys across servers",
    .enabled(if: TwoServersTests.databaseURL != nil, "TICTACTOE_TEST_POSTGRES_URL is not set: these tests need a PostgreSQL server")
)
struct PasskeysAcrossServersTests {
    @Test("Registered on one server, signed in on the other; a replay on the first is refused; logout ends it everywhere")
    func test_ceremoniesAndSessions_crossServers() async throws {
        let url = try #require(TwoServersTests.databaseURL)
        try await withTestServer(configure: { $0.databasePath = url }) { first in
            try await withTestServer(configure: { $0.databasePath = url }) { second in
                // Unique per run: the test database outlives a run.
                let name = "Ann\(UInt32.random(in: 0...999_999))"
                var authenticator = SoftwareAuthenticator()
                let onFirst = PasskeyBrowser(port: first.port)
                let toSecond = PasskeyBrowser(port: second.port, pagePort: first.port)

                let options = try await onFirst.registrationOptions(name)
                authenticator.userHandle = options.userHandle
                let registration = authenticator.register(challenge: options.challenge, origin: onFirst.origin, rpID: PasskeyBrowser.rpID)
                let created = try await toSecond.post("/api/passkeys/register", PasskeyBrowser.json(registration))
                #expect(created.status == 201)
                let cookie = try #require(PasskeyBrowser.sessionCookie(created))
                #expect(try await onFirst.me(cookie: cookie).status == 200)
                #expect(try await onFirst.post("/api/passkeys/register/options", #"{"name": "\#(name)"}"#).status == 409)

                let challenge = try await toSecond.loginChallenge()
                let assertion = authenticator.assert(challenge: challenge, origin: onFirst.origin, rpID: PasskeyBrowser.rpID)
                let signedIn = try await onFirst.post("/api/passkeys/login", PasskeyBrowser.json(assertion))
                #expect(signedIn.status == 200)
                let replayed = try await toSecond.post("/api/passkeys/login", PasskeyBrowser.json(assertion))
                #expect(replayed.status == 401)
                #expect(PasskeyBrowser.sessionCookie(replayed) == nil)

                let token = try #require(PasskeyBrowser.sessionCookie(signedIn))
                #expect(try await toSecond.me(cookie: token).status == 200)
                #expect(try await onFirst.post("/api/logout", cookie: token).status == 204)
                #expect(try await toSecond.me(cookie: token).status == 401)
            }
        }
    }

    @Test("An account's seat taken on one server is the account's on the other, which resumes it without a token")
    func test_anAccountsSeat_takenOnOneServer_isResumedByTheAccountOnTheOther() async throws {
        let url = try #require(TwoServersTests.databaseURL)
        try await withTestServer(configure: { $0.databasePath = url }) { first in
            try await withTestServer(configure: { $0.databasePath = url }) { second in
                let name = "Cy\(UInt32.random(in: 0...999_999))"
                let cookie = try await first.registerAccount(name)
                let matchID = try await first.createMatch()
                let (phone, _) = try await TestClient.connected(port: first.port, matchID: matchID, cookie: cookie)
                #expect(try await phone.seat(as: nil).name == name)
                // The laptop reaches the match on the other server, which takes it over from its log.
                let (laptop, _) = try await TestClient.connected(port: second.port, matchID: matchID, cookie: cookie)
                let back = try await laptop.seat(as: "Someone else")
                #expect(back.seat == .player1 && back.name == name)
                #expect(back.token == nil)
                #expect(try await laptop.nextWelcome().players == [WirePlayer(seat: .player1, name: name, connected: true, account: true)])
                #expect(try await phone.closeCode() == 1012, "moved to the other server, where the phone comes back as the account too")
                let (phoneBack, _) = try await TestClient.connected(port: second.port, matchID: matchID, cookie: cookie)
                #expect(try await phoneBack.seat(as: nil).seat == .player1)
            }
        }
    }

    @Test("One assertion finished on two servers at once signs in once")
    func test_oneAssertion_onTwoServersAtOnce_signsInOnce() async throws {
        let url = try #require(TwoServersTests.databaseURL)
        try await withTestServer(configure: { $0.databasePath = url }) { first in
            try await withTestServer(configure: { $0.databasePath = url }) { second in
                var authenticator = SoftwareAuthenticator()
                let onFirst = PasskeyBrowser(port: first.port)
                let toSecond = PasskeyBrowser(port: second.port, pagePort: first.port)
                #expect(try await onFirst.register("Bo\(UInt32.random(in: 0...999_999))", with: &authenticator).reply.status == 201)
                for _ in 0..<5 {
                    let challenge = try await onFirst.loginChallenge()
                    let body = PasskeyBrowser.json(
                        authenticator.assert(challenge: challenge, origin: onFirst.origin, rpID: PasskeyBrowser.rpID))
                    async let one = onFirst.post("/api/passkeys/login", body)
                    async let other = toSecond.post("/api/passkeys/login", body)
                    let replies = try await [one, other]
                    #expect(replies.map(\.status).sorted() == [200, 401])
                    #expect(replies.compactMap(PasskeyBrowser.sessionCookie).count == 1)
                }
            }
        }
    }
}
