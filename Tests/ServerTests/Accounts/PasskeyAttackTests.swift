import Crypto
import Foundation
import PasskeyTestSupport
import Passkeys
import Testing
import VirtualTime

/// Issue 41's attacks on the ceremonies' routes: each refused with its code and a sentence, no session
/// started (no cookie), no account created (the name stays free), the reason in the log.
@Suite("Passkey attacks over HTTP")
struct PasskeyAttackTests {
    /// A server with Ann registered; `body` gets her browser and authenticator.
    func withAnn(
        time: VirtualTime? = nil, capture: LogCapture? = nil, _ body: (PasskeyBrowser, inout SoftwareAuthenticator) async throws -> Void
    )
        async throws
    {
        try await withTestServer(logger: capture?.logger(), time: time) { server in
            let browser = PasskeyBrowser(port: server.port)
            var authenticator = SoftwareAuthenticator()
            #expect(try await browser.register("Ann", with: &authenticator).reply.status == 201)
            try await body(browser, &authenticator)
        }
    }

    /// A refused sign-in: `code`, a sentence, no cookie.
    func expectRefused(_ reply: HTTP.Reply, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == status, "\(reply.body)", sourceLocation: sourceLocation)
        #expect(PasskeyBrowser.errorCode(reply) == code, sourceLocation: sourceLocation)
        #expect(reply.body.contains("message"), sourceLocation: sourceLocation)
        #expect(PasskeyBrowser.sessionCookie(reply) == nil, sourceLocation: sourceLocation)
    }

    func login(_ browser: PasskeyBrowser, _ assertion: AuthenticationResponseJSON, origin: String?? = nil) async throws -> HTTP.Reply {
        try await browser.post("/api/passkeys/login", PasskeyBrowser.json(assertion), origin: origin)
    }

    @Test("A forged signature, another credential's signature, a wrong origin, a wrong RP ID hash: 401 notSignedIn, logged")
    func test_login_badAssertions_refused() async throws {
        let capture = LogCapture()
        try await withAnn(capture: capture) { browser, authenticator in
            var forged = authenticator.assert(
                challenge: try await browser.loginChallenge(), origin: browser.origin, rpID: PasskeyBrowser.rpID)
            var signature = Base64URL.decode(forged.response.signature)!
            signature[signature.count / 2] ^= 0x01
            forged.response.signature = Base64URL.encode(signature)
            expectRefused(try await login(browser, forged), 401, "notSignedIn")

            let other = authenticator.assert(
                challenge: try await browser.loginChallenge(), origin: browser.origin, rpID: PasskeyBrowser.rpID,
                signer: .p256(P256.Signing.PrivateKey()))
            expectRefused(try await login(browser, other), 401, "notSignedIn")

            let elsewhere = authenticator.assert(
                challenge: try await browser.loginChallenge(), origin: "https://evil.example", rpID: PasskeyBrowser.rpID)
            expectRefused(try await login(browser, elsewhere), 401, "notSignedIn")

            let otherRP = authenticator.assert(challenge: try await browser.loginChallenge(), origin: browser.origin, rpID: "evil.example")
            expectRefused(try await login(browser, otherRP), 401, "notSignedIn")

            // The page of another site posting on the visitor's behalf: the Origin rule of every POST.
            let posted = authenticator.assert(
                challenge: try await browser.loginChallenge(), origin: "https://evil.example", rpID: PasskeyBrowser.rpID)
            expectRefused(try await login(browser, posted, origin: "https://evil.example"), 403, "badMessage")

            // The real authenticator still signs in: none of the above moved its counter.
            #expect(try await browser.login(with: &authenticator).reply.status == 200)
        }
        let reasons = capture.all.compactMap { $0.metadata["reason"].map { "\($0)" } }
        for failure in ["signatureInvalid", "originNotAllowed", "rpIDHashMismatch"] {
            #expect(reasons.contains { $0.contains(failure) && $0.hasSuffix("answered 401") }, "\(failure) in \(reasons)")
        }
    }

    @Test("A replayed assertion, an expired challenge, an unknown credential: 401 notSignedIn")
    func test_login_replayExpiredUnknown_refused() async throws {
        let time = VirtualTime()
        try await withAnn(time: time) { browser, authenticator in
            let assertion = authenticator.assert(
                challenge: try await browser.loginChallenge(), origin: browser.origin, rpID: PasskeyBrowser.rpID)
            #expect(try await login(browser, assertion).status == 200)
            expectRefused(try await login(browser, assertion), 401, "notSignedIn")

            let late = authenticator.assert(
                challenge: try await browser.loginChallenge(), origin: browser.origin, rpID: PasskeyBrowser.rpID)
            await time.advance(by: .seconds(5 * 60))
            expectRefused(try await login(browser, late), 401, "notSignedIn")

            var stranger = SoftwareAuthenticator()
            stranger.userHandle = authenticator.userHandle
            expectRefused(try await browser.login(with: &stranger).reply, 401, "notSignedIn")
        }
    }

    @Test("A counter going backwards (a cloned authenticator) is refused 401 notSignedIn; the clone's twin signs in on")
    func test_login_counterBackwards_refused() async throws {
        try await withAnn { browser, authenticator in
            var clone = authenticator
            #expect(try await browser.login(with: &authenticator).reply.status == 200)
            #expect(try await browser.login(with: &authenticator).reply.status == 200)
            // The clone's counter is behind: its next value (1) is below the stored one (2).
            expectRefused(try await browser.login(with: &clone).reply, 401, "notSignedIn")
            #expect(try await browser.login(with: &authenticator).reply.status == 200)
        }
    }

    @Test("Options asked for in a loop are refused 429 rateLimited: no table fills with challenges")
    func test_options_inALoop_rateLimited() async throws {
        try await withTestServer { server in
            let browser = PasskeyBrowser(port: server.port)
            for _ in 0..<30 { #expect(try await browser.post("/api/passkeys/login/options").status == 200) }
            expectRefused(try await browser.post("/api/passkeys/login/options"), 429, "rateLimited")
            expectRefused(try await browser.post("/api/passkeys/register/options", #"{"name": "Ann"}"#), 429, "rateLimited")
        }
    }

    @Test("--passkeys-per-minute sets that limit")
    func test_options_limitConfigured() async throws {
        try await withTestServer(configure: { $0.passkeyOptionsPerAddressPerMinute = 3 }) { server in
            let browser = PasskeyBrowser(port: server.port)
            for _ in 0..<3 { #expect(try await browser.post("/api/passkeys/login/options").status == 200) }
            expectRefused(try await browser.post("/api/passkeys/login/options"), 429, "rateLimited")
        }
    }

    @Test("Malformed base64url and JSON, a huge body: 400 or 413 badMessage, nobody signed in")
    func test_malformedBodies_refused() async throws {
        try await withAnn { browser, authenticator in
            var spoiled = authenticator.assert(
                challenge: try await browser.loginChallenge(), origin: browser.origin, rpID: PasskeyBrowser.rpID)
            spoiled.response.clientDataJSON = "not+base64/url="
            expectRefused(try await login(browser, spoiled), 400, "badMessage")

            for body in ["{", "[]", #"{"id": 1}"#, ""] {
                expectRefused(try await browser.post("/api/passkeys/login", body), 400, "badMessage")
                expectRefused(try await browser.post("/api/passkeys/register", body), 400, "badMessage")
            }
            expectRefused(try await browser.post("/api/passkeys/register/options", #"{"name": 3}"#), 400, "badMessage")
            expectRefused(try await browser.post("/api/passkeys/register/options", #"{"nom": "Ann"}"#), 400, "badMessage")

            let huge = #"{"id": ""# + String(repeating: "A", count: 20_000) + #""}"#
            expectRefused(try await browser.post("/api/passkeys/login", huge), 413, "badMessage")
            expectRefused(try await browser.post("/api/passkeys/register", huge), 413, "badMessage")
        }
    }

    @Test("A registration replayed, expired, from another origin or for another RP: 400 badMessage, no account")
    func test_register_attacks_createNothing() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time) { server in
            let browser = PasskeyBrowser(port: server.port)
            var first = SoftwareAuthenticator()
            let options = try await browser.registrationOptions("Bob")
            first.userHandle = options.userHandle
            let spoilers: [(String, String)] = [("https://evil.example", PasskeyBrowser.rpID), (browser.origin, "evil.example")]
            for (origin, rpID) in spoilers {
                let fresh = try await browser.registrationOptions("Bob")
                let reply = try await browser.post(
                    "/api/passkeys/register", PasskeyBrowser.json(first.register(challenge: fresh.challenge, origin: origin, rpID: rpID)))
                expectRefused(reply, 400, "badMessage")
            }
            let registration = first.register(challenge: options.challenge, origin: browser.origin, rpID: PasskeyBrowser.rpID)
            #expect(try await browser.post("/api/passkeys/register", PasskeyBrowser.json(registration)).status == 201)
            // The same challenge again, with another credential: the challenge was spent.
            let second = SoftwareAuthenticator()
            let replay = second.register(challenge: options.challenge, origin: browser.origin, rpID: PasskeyBrowser.rpID)
            expectRefused(try await browser.post("/api/passkeys/register", PasskeyBrowser.json(replay)), 400, "badMessage")

            let late = try await browser.registrationOptions("Cy")
            await time.advance(by: .seconds(5 * 60))
            let expired = second.register(challenge: late.challenge, origin: browser.origin, rpID: PasskeyBrowser.rpID)
            expectRefused(try await browser.post("/api/passkeys/register", PasskeyBrowser.json(expired)), 400, "badMessage")
            // Nothing was created by the refusals: Cy is free, and the second credential signs nobody in.
            #expect(try await browser.post("/api/passkeys/register/options", #"{"name": "Cy"}"#).status == 200)
            var stranger = second
            expectRefused(try await browser.login(with: &stranger).reply, 401, "notSignedIn")
        }
    }
}
