/// docs/PROTOCOL.md's Origin check on the WebSocket upgrade: a request without an `Origin` header (not a
/// browser) is allowed; one with it is allowed when the origin's host is the host the request was sent
/// to ("same host": the port and scheme may differ, as with a page served behind a proxy), or when the
/// origin is one of the configured ones.
package struct OriginPolicy: Sendable {
    package let allowedOrigins: Set<String>

    package init(allowedOrigins: [String]) {
        self.allowedOrigins = Set(allowedOrigins.map { Self.normalized($0) })
    }

    /// - Parameters:
    ///   - origin: the `Origin` header, if any.
    ///   - authority: the host (and port) the request was sent to.
    package func allows(origin: String?, authority: String?) -> Bool {
        guard let origin else { return true }
        let normalizedOrigin = Self.normalized(origin)
        if allowedOrigins.contains(normalizedOrigin) { return true }
        guard let authority, let schemeEnd = normalizedOrigin.range(of: "://") else { return false }
        return HostPolicy.hostName(of: String(normalizedOrigin[schemeEnd.upperBound...])) == HostPolicy.hostName(of: authority)
    }

    private static func normalized(_ origin: String) -> String {
        var origin = origin.lowercased().filter { $0 != " " && $0 != "\t" }
        while origin.hasSuffix("/") { origin.removeLast() }
        return origin
    }
}
