import Foundation

/// Which names the server answers for in the `Host` header, against DNS rebinding: a page of
/// `attacker.example` whose name is made to resolve to this server sends `Host: attacker.example` and
/// `Origin: http://attacker.example`, which the same-host Origin check alone would allow.
///
/// A request without `Host` (not a browser) and one whose host is an IP address are always answered:
/// a browser that sends an address as the host was pointed at that address, not at a name someone else
/// controls. Names are compared without the port, case or a trailing dot.
package struct HostPolicy: Sendable {
    /// The names answered for, or nil for any name.
    package let allowedNames: Set<String>?

    /// - Parameters:
    ///   - bindHost: the address the server binds (`--host`).
    ///   - allowedHosts: the names configured (`--allowed-host`); `*` allows any name.
    ///   - allowedOrigins: the origins configured (`--allowed-origin`), whose hosts are answered for too.
    /// With no name configured, a server bound to a loopback address answers for `localhost` (and its
    /// subdomains) and its allowed origins' hosts only, since on loopback rebinding is the way in from
    /// outside; a server bound to any other address answers for any name, as it cannot know its own.
    package init(bindHost: String, allowedHosts: [String], allowedOrigins: [String]) {
        let configured = Set(allowedHosts.map { Self.hostName(of: $0) })
        if configured.contains("*") || (configured.isEmpty && !Self.isLoopback(Self.hostName(of: bindHost))) {
            allowedNames = nil
            return
        }
        let originHosts = allowedOrigins.compactMap { origin in
            origin.range(of: "://").map { Self.hostName(of: String(origin[$0.upperBound...])) }
        }
        allowedNames = configured.union(originHosts).union(["localhost", Self.hostName(of: bindHost)])
    }

    /// Whether a request whose `Host` header is `authority` is answered.
    package func allows(authority: String?) -> Bool {
        guard let allowedNames, let authority else { return true }
        let name = Self.hostName(of: authority)
        return Self.isAddress(name) || allowedNames.contains(name) || name.hasSuffix(".localhost")
    }

    /// The host of `host[:port]` (a bracketed IPv6 address kept with its brackets), lowercased,
    /// without a trailing dot or a path.
    package static func hostName(of authority: String) -> String {
        var authority = Substring(authority.lowercased().trimmingCharacters(in: .whitespaces))
        authority = authority.prefix { $0 != "/" }
        var name: Substring
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            name = authority[...end]
        } else if authority.filter({ $0 == ":" }).count > 1 {
            name = "[\(authority)]"
        } else {
            name = authority.prefix { $0 != ":" }
        }
        while name.hasSuffix(".") { name.removeLast() }
        return String(name)
    }

    private static func isAddress(_ name: String) -> Bool {
        if name.hasPrefix("[") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in UInt8(part).map { _ in !part.isEmpty } ?? false }
    }

    private static func isLoopback(_ name: String) -> Bool {
        name == "localhost" || name == "[::1]" || name.hasPrefix("127.")
    }
}
