import HTTPTypes
import Hummingbird
import WebSocketTransport

/// Tells every later middleware and route who sent the request (`AppRequestContext.client`): the peer
/// and its `Host`, or behind a trusted proxy the client and host it forwarded for (`TrustedProxies`).
struct ForwardedClientMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let proxies: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.client = proxies.resolve(
            peer: context.remoteAddress?.ipAddress, host: request.head.authority,
            forwardedFor: request.headers[values: .xForwardedFor], forwardedHost: request.headers[values: .xForwardedHost])
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    /// The addresses a request was forwarded for, client first (de facto standard; RFC 7239's
    /// `Forwarded` says the same, but the proxies in use write this one).
    static let xForwardedFor = Self("X-Forwarded-For")!
    /// The `Host` the client sent to the first proxy.
    static let xForwardedHost = Self("X-Forwarded-Host")!
}
