import Hummingbird
import Logging
import WebSocketTransport
import WireProtocol

/// Answers a request for a host the server does not answer for (`HostPolicy`, DNS rebinding) with
/// `421 badMessage`, before any route, page or file. The host is the one the client asked for: `Host`,
/// or behind a trusted proxy the host it forwarded (`AppRequestContext.client`).
struct AllowedHostMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let policy: HostPolicy
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard policy.allows(authority: context.client.authority) else {
            logger.notice(
                "refused",
                metadata: [
                    "reason": "host not allowed, answered 421", "host": "\(context.client.authority ?? "")",
                    "address": "\(context.clientAddress)",
                ])
            throw APIError.hostNotAllowed
        }
        return try await next(request, context)
    }
}
