import Hummingbird
import Logging
import WireProtocol

/// Answers a request for a host the server does not answer for (`HostPolicy`, DNS rebinding) with
/// `421 badMessage`, before any route, page or file.
struct AllowedHostMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: HostPolicy
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard policy.allows(authority: request.head.authority) else {
            logger.notice("refused", metadata: ["reason": "host not allowed, answered 421", "host": "\(request.head.authority ?? "")"])
            throw APIError.hostNotAllowed
        }
        return try await next(request, context)
    }
}

extension APIError {
    /// The answer to a request whose `Host` the server does not answer for.
    static let hostNotAllowed = APIError(.misdirectedRequest, .badMessage, "This server does not answer for that host name.")
}
