import Hummingbird
import MatchHosting

/// Counts a request that a trusted proxy forwarded against the client it forwarded for, while its route
/// makes the answer (a file's bytes may still be on their way after that) (`--max-connections-per-address`;
/// `429` over it).
///
/// A connection from a trusted proxy is not counted against the proxy's address at its accept (nginx
/// reaches every server from one address, for every client), so without this a client behind the proxy
/// would not be counted at all for its HTTP requests. A request from any other peer is counted already,
/// with its connection, and one the proxy made for itself (no forwarded address) is not counted.
package struct ForwardedClientLimitMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext
    package let proxies: TrustedProxies
    package let limits: AddressConnectionLimits
    package let metrics: ServerMetrics

    package init(proxies: TrustedProxies, limits: AddressConnectionLimits, metrics: ServerMetrics) {
        self.proxies = proxies
        self.limits = limits
        self.metrics = metrics
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let peer = context.remoteAddress?.ipAddress, context.client.clientAddress != peer,
            let address = IPAddress(peer), proxies.trusts(address)
        else { return try await next(request, context) }
        guard let slot = limits.hold(context.client.clientAddress) else {
            metrics.connectionRefused(slowBody: false)
            throw APIError.tooManyConnections
        }
        // Held until the answer is made (Swift may release a value after its last use otherwise).
        defer { withExtendedLifetime(slot) {} }
        return try await next(request, context)
    }
}
