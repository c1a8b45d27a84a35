import Foundation

/// The proxies whose forwarding headers the server believes (`--trusted-proxy`), and who a request's
/// client is once they are believed: the one place that reads `X-Forwarded-For` and `X-Forwarded-Host`.
///
/// Anyone can send those headers, so they are read only from a peer that is a trusted proxy; by default
/// none is, and a request's client is the socket's peer and its host the `Host` header, as without a
/// proxy. Each proxy appends the address it was connected from to `X-Forwarded-For`, so the list is
/// read from the right: the client is the rightmost address that is not itself a trusted proxy.
/// Entries further left were written by the client or by proxies nobody vouches for, and are ignored.
package struct TrustedProxies: Sendable {
    private let ranges: [IPAddressRange]

    /// - Parameter entries: addresses and CIDR blocks (`127.0.0.1`, `10.0.0.0/8`, `fd00::/8`). An entry
    ///   that is neither trusts nothing; `ServerConfiguration(reading:)` refuses such entries at start.
    package init(_ entries: [String]) {
        ranges = entries.compactMap(IPAddressRange.init)
    }

    /// Whether `address` is one of the trusted proxies.
    package func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client of a request, as the server believes it.
    /// - Parameters:
    ///   - peer: the address of the socket's other end, if known.
    ///   - host: the `Host` header (the request's authority).
    ///   - forwardedFor: every `X-Forwarded-For` header, in the order received (each may list several
    ///     addresses, separated by commas).
    ///   - forwardedHost: every `X-Forwarded-Host` header, in the order received.
    package func resolve(peer: String?, host: String?, forwardedFor: [String], forwardedHost: [String]) -> ResolvedClient {
        guard let peer, let nearest = IPAddress(peer), trusts(nearest) else {
            return ResolvedClient(clientAddress: peer ?? "unknown", authority: host)
        }
        return ResolvedClient(
            clientAddress: client(nearest: nearest, forwardedFor: forwardedFor).text,
            authority: Self.rightmostHost(forwardedHost) ?? host)
    }

    /// Walks `X-Forwarded-For` leftwards from `nearest` (a trusted peer) while the address reached is a
    /// trusted proxy, whose word about the hop before it is believed. An entry that is not an address
    /// ends the walk at the last address that was read: what lies beyond it cannot be trusted.
    private func client(nearest: IPAddress, forwardedFor: [String]) -> IPAddress {
        var client = nearest
        let entries = forwardedFor.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        for entry in entries.reversed() {
            guard trusts(client), let address = Self.address(inEntry: entry) else { break }
            client = address
        }
        return client
    }

    /// The address of one `X-Forwarded-For` entry: `10.0.0.1`, `2001:db8::1`, and as some proxies write
    /// them `10.0.0.1:5678` and `[2001:db8::1]:5678`; nil for anything else (`unknown`, a name, junk).
    package static func address(inEntry entry: Substring) -> IPAddress? {
        let text = entry.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            guard Self.isPortSuffix(text[text.index(after: end)...]) else { return nil }
            return IPAddress(text[text.index(after: text.startIndex)..<end])
        }
        if let colon = text.firstIndex(of: ":"), text.lastIndex(of: ":") == colon {
            guard Self.isPortSuffix(text[colon...]) else { return nil }
            return IPAddress(text[..<colon])
        }
        return IPAddress(text)
    }

    /// Nothing, or `:` and a port number.
    private static func isPortSuffix(_ text: Substring) -> Bool {
        text.isEmpty || (text.first == ":" && text.count > 1 && text.dropFirst().allSatisfy { ("0"..."9").contains($0) })
    }

    /// The host the nearest proxy says the client asked for: the rightmost `X-Forwarded-Host` entry (a
    /// proxy that appends instead of replacing puts its own on the right), when it can be a
    /// `host[:port]`; nil when there is none, so that `Host` counts.
    private static func rightmostHost(_ headers: [String]) -> String? {
        guard let last = headers.last?.split(separator: ",").last else { return nil }
        let host = last.trimmingCharacters(in: .whitespaces)
        let isAuthority =
            !host.isEmpty && host.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && !"/\\?#@\u{7F}".unicodeScalars.contains($0) }
        return isAuthority ? host : nil
    }
}

/// Who sent a request and to which host, as the server believes it (`TrustedProxies`).
package struct ResolvedClient: Sendable, Equatable {
    /// The client's IP address as text (per-address limits, logs), or `unknown`.
    package let clientAddress: String
    /// The `host[:port]` the client asked for (the Host and Origin checks); nil when not given.
    package let authority: String?
}
