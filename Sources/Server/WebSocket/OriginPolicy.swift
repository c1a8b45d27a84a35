/// PROTOCOL.md's Origin check on the WebSocket upgrade: a request without an `Origin` header (not a
/// browser) is allowed; a browser's is allowed from the server's own host or a configured origin.
struct OriginPolicy: Sendable {
    let allowedOrigins: Set<String>

    init(allowedOrigins: [String]) {
        self.allowedOrigins = Set(allowedOrigins.map { Self.normalized($0) })
    }

    /// - Parameters:
    ///   - origin: the `Origin` header, if any.
    ///   - host: the `Host` the request was sent to (host and port).
    func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        let normalizedOrigin = Self.normalized(origin)
        if allowedOrigins.contains(normalizedOrigin) { return true }
        guard let host, let schemeEnd = normalizedOrigin.range(of: "://") else { return false }
        let originHost = normalizedOrigin[schemeEnd.upperBound...]
        let scheme = normalizedOrigin[..<schemeEnd.lowerBound]
        let requestHost = host.lowercased()
        if originHost == requestHost { return true }
        // A default port may be written in one header and left out of the other.
        let defaultPort = scheme == "https" ? ":443" : ":80"
        return originHost + defaultPort == requestHost || originHost == requestHost + defaultPort
    }

    private static func normalized(_ origin: String) -> String {
        var origin = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while origin.hasSuffix("/") { origin.removeLast() }
        return origin
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension Set where Element == Character {
    fileprivate static let whitespaces: Set<Character> = [" ", "\t"]
}
