import Accounts
import Foundation
import Hummingbird
import WebSocketTransport
import WireProtocol

/// The session of a signed-in player (issue 41): the `session` cookie a ceremony sets, `GET /api/me`
/// and `POST /api/logout`. The cookie holds a random token; the store keeps only its hash.
extension Routes {
    static let sessionCookieName = "session"

    func addSession(to router: Router<AppRequestContext>) {
        router.get("/api/me") { request, context in try await me(request, context) }
        router.post("/api/logout") { request, context in try await logout(request, context) }
    }

    private func me(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let (account, token) = try await signedIn(request, context)
        // The cookie is set again so that it lasts 30 days from this use, as the session does.
        var response = Response.json(SignedInPlayer(player: AccountPlayer(id: account.id, name: account.name)))
        response.setCookie(sessionCookie(token))
        return response
    }

    private func logout(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let ceremonies = try accountsReady()
        try checkOrigin(request, context, refusing: "This origin may not sign you out here.")
        if let token = request.cookies[Self.sessionCookieName]?.value, !token.isEmpty {
            do {
                try await ceremonies.endSession(token: token)
            } catch {
                throw accountStorageUnavailable(error)
            }
        }
        var response = Response(status: .noContent, headers: [.cacheControl: "no-store"])
        response.setCookie(
            Cookie(name: Self.sessionCookieName, value: "", maxAge: 0, path: "/", secure: usesTLS, httpOnly: true, sameSite: .lax))
        return response
    }

    /// The account the request's session cookie signs in, and its token; `401 notSignedIn` otherwise.
    func signedIn(_ request: Request, _ context: AppRequestContext) async throws -> (account: Account, token: String) {
        guard request.cookies[Self.sessionCookieName] != nil else { throw APIError(.unauthorized, .notSignedIn, "You are not signed in.") }
        guard let session = try await session(request) else {
            refused("session cookie of no session (ended, expired or never issued), answered 401", match: nil, context)
            throw APIError(.unauthorized, .notSignedIn, "You are not signed in: your session ended or expired.")
        }
        return session
    }

    /// The account the request's session cookie signs in, and its token; nil when it signs nobody in.
    /// - Throws: `503` when the account storage cannot be reached.
    func session(_ request: Request) async throws -> (account: Account, token: String)? {
        let ceremonies = try accountsReady()
        guard let token = request.cookies[Self.sessionCookieName]?.value, !token.isEmpty else { return nil }
        do {
            return try await ceremonies.account(sessionToken: token, now: now).map { ($0, token) }
        } catch {
            throw accountStorageUnavailable(error)
        }
    }

    /// The ceremonies, once the server is ready; `503` when its store cannot keep accounts.
    func accountsReady() throws -> PasskeyCeremonies {
        try requireReady()
        guard let accounts else {
            throw APIError(.serviceUnavailable, .notSignedIn, "This server cannot keep accounts: its store is read-only.")
        }
        return accounts
    }

    /// The answer to an account route whose storage failed (a dead database, a full disk): `503`, and
    /// the error logged for the operator.
    func accountStorageUnavailable(_ error: any Error) -> APIError {
        logger.error("the account store could not be reached", metadata: ["error": "\(error)"])
        return .accountStorageUnavailable
    }

    /// Now on the server's clock, which a test moves: challenges and sessions expire by it.
    var now: Date { registry.clock.moment().date }

    /// The answer of a registration or a sign-in: the player, and the new session's cookie.
    func signedInResponse(_ signedIn: SignedIn, status: HTTPResponse.Status) -> Response {
        var response = Response.json(
            SignedInPlayer(player: AccountPlayer(id: signedIn.account.id, name: signedIn.account.name)), status: status)
        response.setCookie(sessionCookie(signedIn.sessionToken))
        return response
    }

    /// `HttpOnly` (no script reads it), `SameSite=Lax` (another site's page posts without it), `Secure`
    /// over TLS, for 30 days (`SessionPolicy.lifetime`).
    private func sessionCookie(_ token: String) -> Cookie {
        Cookie(
            name: Self.sessionCookieName, value: token, maxAge: Int(SessionPolicy.lifetime), path: "/", secure: usesTLS, httpOnly: true,
            sameSite: .lax)
    }
}
