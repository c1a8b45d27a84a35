import Foundation
import PasskeyTestSupport
import Testing
import VirtualTime

/// The lifecycle removes what has expired of accounts, on the server's clock.
@Suite("Expired sessions and challenges")
struct AccountSweepTests {
    @Test("A session unused for 30 days and an unanswered challenge are removed by the lifecycle's sweep")
    func test_sweep_removesExpiredSessionsAndChallenges() async throws {
        let time = VirtualTime()
        let capture = LogCapture()
        try await withTestServer(logger: capture.logger(), time: time) { server in
            let browser = PasskeyBrowser(port: server.port)
            var authenticator = SoftwareAuthenticator()
            let cookie = try #require(try await browser.register("Ann", with: &authenticator).cookie)
            _ = try await browser.loginChallenge()
            await time.advance(by: .seconds(31 * 24 * 60 * 60))
            let removed = await eventually {
                capture.all.contains { $0.message == "removed expired sessions and challenges" && $0.metadata["count"] == "2" }
            }
            #expect(removed, "\(capture.all.map(\.line).suffix(5))")
            #expect(try await browser.me(cookie: cookie).status == 401)
        }
    }
}
