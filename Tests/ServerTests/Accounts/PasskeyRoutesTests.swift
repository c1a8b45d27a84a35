import Foundation
import PasskeyTestSupport
import Passkeys
import Testing
import WireProtocol

/// Issue 41's account routes over HTTP with a software authenticator: create an account, see it,
/// sign out, sign in again.
@Suite("Passkey accounts over HTTP")
struct PasskeyRoutesTests {
    @Test("The registration options are parseCreationOptionsFromJSON's form, for the page's host")
    func test_registrationOptions_form() async throws {
        try await withTestServer { server in
            let browser = PasskeyBrowser(port: server.port)
            let publicKey = try PasskeyBrowser.publicKey(try await browser.post("/api/passkeys/register/options", #"{"name": " Ann "}"#))
            #expect((publicKey["rp"] as? [String: Any])?["id"] as? String == PasskeyBrowser.rpID)
            let user = try #require(publicKey["user"] as? [String: Any])
            #expect(user["name"] as? String == "Ann")
            #expect((user["id"] as? String).flatMap(Base64URL.decode)?.count == 16)
            #expect((publicKey["challenge"] as? String).flatMap(Base64URL.decode)?.count == 32)
            let algorithms = (publicKey["pubKeyCredParams"] as? [[String: Any]])?.compactMap { $0["alg"] as? Int }
            #expect(algorithms == [-7, -8])
            let selection = try #require(publicKey["authenticatorSelection"] as? [String: Any])
            #expect(selection["residentKey"] as? String == "required")
            #expect(selection["userVerification"] as? String == "preferred")
            #expect(publicKey["attestation"] as? String == "none")
            #expect((publicKey["timeout"] as? Int ?? 0) > 0)

            let login = try PasskeyBrowser.publicKey(try await browser.post("/api/passkeys/login/options"))
            #expect(login["rpId"] as? String == PasskeyBrowser.rpID)
            #expect(login["allowCredentials"] == nil)
            #expect((login["challenge"] as? String).flatMap(Base64URL.decode)?.count == 32)
        }
    }

    @Test("Register, me, logout, login: the account is the same, the old cookie signs nobody in")
    func test_register_me_logout_login() async throws {
        try await withTestServer { server in
            let browser = PasskeyBrowser(port: server.port)
            var authenticator = SoftwareAuthenticator()
            let (created, cookie) = try await browser.register("Ann", with: &authenticator)
            #expect(created.status == 201)
            let player = try Self.player(created)
            #expect(player.name == "Ann")
            #expect(Base64URL.decode(player.id) == authenticator.userHandle)
            let header = try #require(PasskeyBrowser.setCookie(created))
            for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] { #expect(header.contains(attribute)) }
            #expect(!header.contains("Secure"))
            let token = try #require(cookie)
            #expect(Base64URL.decode(token).map(\.count) ?? 0 >= 16)

            let me = try await browser.me(cookie: token)
            #expect(me.status == 200)
            #expect(try Self.player(me) == player)

            let loggedOut = try await browser.post("/api/logout", cookie: token)
            #expect(loggedOut.status == 204)
            let cleared = try #require(PasskeyBrowser.setCookie(loggedOut))
            #expect(cleared.hasPrefix("session=;") && cleared.contains("Max-Age=0"))
            // The stolen cookie after logout: the server ended the session, not only the browser.
            let stolen = try await browser.me(cookie: token)
            #expect(stolen.status == 401)
            #expect(PasskeyBrowser.errorCode(stolen) == "notSignedIn")
            #expect(try await browser.me(cookie: nil).status == 401)

            let (signedIn, newCookie) = try await browser.login(with: &authenticator)
            #expect(signedIn.status == 200)
            #expect(try Self.player(signedIn) == player)
            let newToken = try #require(newCookie)
            #expect(newToken != token)
            #expect(try Self.player(try await browser.me(cookie: newToken)) == player)
        }
    }

    @Test("A registered name is nameTaken in any case or width; a name the match rules refuse is badName")
    func test_registrationOptions_nameTaken_badName() async throws {
        try await withTestServer { server in
            let browser = PasskeyBrowser(port: server.port)
            var authenticator = SoftwareAuthenticator()
            #expect(try await browser.register("Ann", with: &authenticator).reply.status == 201)
            for taken in ["Ann", "ann", "ＡＮＮ"] {
                let reply = try await browser.post("/api/passkeys/register/options", #"{"name": "\#(taken)"}"#)
                #expect(reply.status == 409)
                #expect(PasskeyBrowser.errorCode(reply) == "nameTaken")
            }
            for bad in ["", "   ", String(repeating: "a", count: 25), "Al\\u200Bice", "A\\u0007"] {
                let reply = try await browser.post("/api/passkeys/register/options", #"{"name": "\#(bad)"}"#)
                #expect(reply.status == 400, "\(bad)")
                #expect(PasskeyBrowser.errorCode(reply) == "badName")
            }
        }
    }

    static func player(_ reply: HTTP.Reply) throws -> AccountPlayer {
        guard case .success(let signedIn) = SignedInPlayer.decode(reply.body) else {
            throw HTTP.Failure(description: "no player: \(reply.status) \(reply.body)")
        }
        return signedIn.player
    }
}

/// The session cookie over HTTPS, with certificates the test made.
@Suite("Passkey accounts over HTTPS")
struct PasskeyCookieOverTLSTests {
    @Test("Over TLS the session cookie is also Secure")
    func test_cookie_isSecureOverTLS() async throws {
        try await TestCertificates.with { certificates in
            try await withTestServer(configure: { configuration in
                configuration.tlsCertificatePath = certificates.certificate
                configuration.tlsKeyPath = certificates.key
            }) { server in
                let browser = PasskeyBrowser(port: server.port, https: true)
                var authenticator = SoftwareAuthenticator()
                let (created, cookie) = try await browser.register("Ann", with: &authenticator)
                #expect(created.status == 201)
                let header = try #require(PasskeyBrowser.setCookie(created))
                for attribute in ["Secure", "HttpOnly", "SameSite=Lax", "Path=/"] { #expect(header.contains(attribute)) }
                #expect(try await browser.me(cookie: cookie).status == 200)
            }
        }
    }
}
