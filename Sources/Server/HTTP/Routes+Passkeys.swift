import Accounts
import Foundation
import Hummingbird
import Logging
import MatchTree
import Passkeys
import WebSocketTransport
import WireProtocol

/// The passkey ceremonies of accounts (issue 41, an extension of docs/PROTOCOL.md): options for the
/// browser, then its answer verified by `PasskeyCeremonies`. This layer reads the request (the body,
/// the page's host and origin, the time on the server's clock) and words the answer.
extension Routes {
    func addPasskeys(to router: Router<AppRequestContext>) {
        router.post("/api/passkeys/register/options") { request, context in try await registrationOptions(request, context) }
        router.post("/api/passkeys/register") { request, context in try await register(request, context) }
        router.post("/api/passkeys/login/options") { request, context in try await loginOptions(request, context) }
        router.post("/api/passkeys/login") { request, context in try await login(request, context) }
    }

    private func registrationOptions(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let ceremonies = try accountsReady()
        try checkOrigin(request, context, refusing: "This origin may not create an account here.")
        let body = try await read(AccountNameBody.self, from: request, emptyAs: nil, context)
        guard let name = PlayerName.accountName(body.name) else {
            refused("account name the match rules refuse, answered 400", match: nil, context)
            throw APIError(
                .badRequest, .badName,
                "An account's name must be 1 to 24 characters long and contain no control or invisible characters.")
        }
        let relyingParty = try relyingParty(request, context)
        try checkCeremonyLimit(context)
        let options = try await answering(context) {
            try await ceremonies.registrationOptions(name: name, relyingParty: relyingParty, now: now)
        }
        return .json(PublicKeyOptions(publicKey: options))
    }

    private func register(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await finish(
            request, context, refusing: "This origin may not create an account here.", logging: "account created", status: .created
        ) {
            (credential: RegistrationResponseJSON, relyingParty, ceremonies) in
            try await ceremonies.register(credential, relyingParty: relyingParty, now: now)
        }
    }

    private func loginOptions(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let ceremonies = try accountsReady()
        try checkOrigin(request, context, refusing: "This origin may not sign in here.")
        let relyingParty = try relyingParty(request, context)
        try checkCeremonyLimit(context)
        let options = try await answering(context) { try await ceremonies.loginOptions(relyingParty: relyingParty, now: now) }
        return .json(PublicKeyOptions(publicKey: options))
    }

    private func login(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        try await finish(request, context, refusing: "This origin may not sign in here.", logging: "signed in", status: .ok) {
            (credential: AuthenticationResponseJSON, relyingParty, ceremonies) in
            try await ceremonies.login(credential, relyingParty: relyingParty, now: now)
        }
    }

    /// A ceremony's last step: the browser's credential read from the body and given to `ceremony`,
    /// and the player it signs in answered with `status` and the session cookie.
    private func finish<Credential: Decodable>(
        _ request: Request, _ context: AppRequestContext, refusing sentence: String, logging event: Logger.Message,
        status: HTTPResponse.Status, _ ceremony: (Credential, RelyingParty, PasskeyCeremonies) async throws -> SignedIn
    ) async throws -> Response {
        let ceremonies = try accountsReady()
        try checkOrigin(request, context, refusing: sentence)
        let credential = try await readCredential(Credential.self, from: request, context)
        let relyingParty = try relyingParty(request, context)
        let signedIn = try await answering(context) { try await ceremony(credential, relyingParty, ceremonies) }
        logger.info(event, metadata: ["account": "\(signedIn.account.id)", "address": "\(context.clientAddress)"])
        return signedInResponse(signedIn, status: status)
    }

    private func checkCeremonyLimit(_ context: AppRequestContext) throws {
        guard ceremonyLimiter.allow(context.clientAddress) else {
            refused("too many passkey ceremonies begun, answered 429", match: nil, context)
            throw APIError(.tooManyRequests, .rateLimited, "Too many passkey requests from your address; wait a minute.")
        }
    }

    /// The relying party of this request: the page's host as the RP ID (a page served under several
    /// names has a passkey per name, as browsers scope them), and as origins the configured ones plus
    /// the request's own `Origin`, which `checkOrigin` has let through.
    private func relyingParty(_ request: Request, _ context: AppRequestContext) throws -> RelyingParty {
        guard let authority = context.client.authority else {
            refused("passkey request without a Host, answered 400", match: nil, context)
            throw APIError(.badRequest, .badMessage, "The request must name the server's host.")
        }
        var origins = originPolicy.allowedOrigins
        if let origin = request.headers[.origin] { origins.insert(origin) }
        return RelyingParty(id: HostPolicy.hostName(of: authority), origins: origins)
    }

    /// The body as a credential's `toJSON()`, read leniently (browsers add fields the verification
    /// does not read: `clientExtensionResults`, `authenticatorAttachment`, the response's `publicKey`).
    private func readCredential<Credential: Decodable>(_ type: Credential.Type, from request: Request, _ context: AppRequestContext)
        async throws -> Credential
    {
        var request = request
        // `BodyLimitMiddleware` read the body already, refusing one over its limit.
        let body = try await request.collectBody(upTo: .max)
        guard let credential = try? JSONDecoder().decode(Credential.self, from: Data(buffer: body)) else {
            refused("passkey credential that is not a credential's toJSON(), answered 400", match: nil, context)
            throw APIError(.badRequest, .badMessage, "The body must be the credential as PublicKeyCredential.toJSON() gives it.")
        }
        return credential
    }

    /// `body`'s value, with its refusals answered as docs/PROTOCOL.md says and logged with the reason:
    /// the client gets a sentence and no detail of which check failed.
    private func answering<Value>(_ context: AppRequestContext, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let refusal as CeremonyRefusal {
            switch refusal {
            case .nameTaken:
                refused("account name already registered, answered 409", match: nil, context)
                throw APIError(.conflict, .nameTaken, "That name belongs to a registered player; choose another.")
            case .badMessage(let reason):
                refused("\(Self.loggable(reason)), answered 400", match: nil, context)
                throw APIError(.badRequest, .badMessage, "The passkey could not be verified; try again.")
            case .notSignedIn(let reason):
                refused("\(Self.loggable(reason)), answered 401", match: nil, context)
                throw APIError(.unauthorized, .notSignedIn, "The passkey could not sign you in; try again.")
            }
        } catch {
            throw accountStorageUnavailable(error)
        }
    }
}

extension Routes {
    /// A refusal's reason as a log line may hold it: a reason can quote what the client sent (an
    /// origin, a ceremony type), so it is cut short and kept on one line.
    static func loggable(_ reason: String) -> String {
        String(
            reason.prefix(300).map { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 })
    }
}

/// The answer of the options routes: `{"publicKey": …}`, what the browser's `parse…OptionsFromJSON` takes.
struct PublicKeyOptions<Options: Codable & Sendable>: WireCodable {
    let publicKey: Options
}
