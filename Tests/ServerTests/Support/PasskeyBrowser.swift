import Foundation
import PasskeyTestSupport
import Passkeys

/// A browser page on the test server with a software authenticator: it asks for the options, lets
/// the authenticator answer as `navigator.credentials` would (`toJSON()`), and posts the answer, from
/// the page's origin (`http://127.0.0.1:{pagePort}`, whose host is the RP ID).
struct PasskeyBrowser {
    /// The server the requests go to.
    let port: Int
    /// The server the page came from: another server of the cluster when the page's requests reach
    /// a server other than its own.
    let pagePort: Int
    /// Over `https://` (any certificate taken).
    let https: Bool

    init(port: Int, pagePort: Int? = nil, https: Bool = false) {
        self.port = port
        self.pagePort = pagePort ?? port
        self.https = https
    }

    var origin: String { "\(https ? "https" : "http")://127.0.0.1:\(pagePort)" }
    static let rpID = "127.0.0.1"

    /// A POST of `body` from `origin` (nil: no `Origin` header), with the session cookie `cookie`.
    func post(_ path: String, _ body: String? = nil, cookie: String? = nil, origin: String?? = nil) async throws -> HTTP.Reply {
        var headers: [(String, String)] = [("Content-Type", "application/json")]
        if let sentOrigin = origin ?? self.origin { headers.append(("Origin", sentOrigin)) }
        if let cookie { headers.append(("Cookie", "session=\(cookie)")) }
        return try await HTTP.request(
            port: port, path, method: .POST, headers: headers, body: body, client: https ? HTTP.unverifiedTLSClient : HTTP.client,
            https: https)
    }

    func me(cookie: String?) async throws -> HTTP.Reply {
        try await HTTP.get(port: port, "/api/me", headers: cookie.map { [("Cookie", "session=\($0)")] } ?? [], https: https)
    }

    /// The `publicKey` object of an options answer; throws unless it is a 200 with one.
    static func publicKey(_ reply: HTTP.Reply) throws -> [String: Any] {
        guard reply.status == 200, let object = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any],
            let publicKey = object["publicKey"] as? [String: Any]
        else { throw HTTP.Failure(description: "no options: \(reply.status) \(reply.body)") }
        return publicKey
    }

    /// The challenge and the user handle of `POST /api/passkeys/register/options` for `name`.
    func registrationOptions(_ name: String) async throws -> (challenge: [UInt8], userHandle: [UInt8]) {
        let publicKey = try Self.publicKey(try await post("/api/passkeys/register/options", #"{"name": "\#(name)"}"#))
        guard let challenge = (publicKey["challenge"] as? String).flatMap(Base64URL.decode),
            let userHandle = ((publicKey["user"] as? [String: Any])?["id"] as? String).flatMap(Base64URL.decode)
        else { throw HTTP.Failure(description: "options without challenge or user.id: \(publicKey)") }
        return (challenge, userHandle)
    }

    /// The challenge of `POST /api/passkeys/login/options`.
    func loginChallenge() async throws -> [UInt8] {
        let publicKey = try Self.publicKey(try await post("/api/passkeys/login/options"))
        guard let challenge = (publicKey["challenge"] as? String).flatMap(Base64URL.decode) else {
            throw HTTP.Failure(description: "options without a challenge: \(publicKey)")
        }
        return challenge
    }

    /// Creates the account `name` with `authenticator` (whose user handle becomes the account's);
    /// the reply and the session cookie it set.
    func register(_ name: String, with authenticator: inout SoftwareAuthenticator) async throws -> (reply: HTTP.Reply, cookie: String?) {
        let options = try await registrationOptions(name)
        authenticator.userHandle = options.userHandle
        let reply = try await post(
            "/api/passkeys/register", Self.json(authenticator.register(challenge: options.challenge, origin: origin, rpID: Self.rpID)))
        return (reply, Self.sessionCookie(reply))
    }

    /// Signs in with `authenticator` on a fresh challenge.
    func login(with authenticator: inout SoftwareAuthenticator) async throws -> (reply: HTTP.Reply, cookie: String?) {
        let challenge = try await loginChallenge()
        let reply = try await post(
            "/api/passkeys/login", Self.json(authenticator.assert(challenge: challenge, origin: origin, rpID: Self.rpID)))
        return (reply, Self.sessionCookie(reply))
    }

    static func json(_ value: some Encodable) -> String {
        String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
    }

    /// The `Set-Cookie` header for `session`, whole.
    static func setCookie(_ reply: HTTP.Reply) -> String? {
        reply.headers["Set-Cookie"].first { $0.hasPrefix("session=") }
    }

    /// The value of the `session` cookie the reply set, if it set one.
    static func sessionCookie(_ reply: HTTP.Reply) -> String? {
        guard let header = setCookie(reply) else { return nil }
        let value = header.dropFirst("session=".count).prefix { $0 != ";" }
        return value.isEmpty ? nil : String(value)
    }

    /// The `{"error": {"code"}}` of a reply.
    static func errorCode(_ reply: HTTP.Reply) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }
}
