/// A match's id, as in `/m/{matchId}`: what the store keys a match by and the server routes by.
///
/// `init?(requested:)` is for text a client sent (a URL path, a query) and accepts only the shape every
/// id the server makes has: 10 to 64 characters of `[A-Za-z0-9_-]` (docs/PROTOCOL.md). The server's own
/// ids are random (`Secrets.newMatchID()`); ids read back from a store are taken as stored.
public struct MatchID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// An id the server made or a store holds, taken as it is.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An id a client asked for; nil when it does not have the shape of a match id, so that nothing
    /// further (a store lookup, a log line verbatim) happens with it.
    public init?(requested: some StringProtocol) {
        guard Self.isWellFormed(requested) else { return nil }
        self.init(rawValue: String(requested))
    }

    public var description: String { rawValue }

    public static func < (lhs: MatchID, rhs: MatchID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A requested id as a log line may show it: verbatim when well formed, else cut short and escaped
    /// (a client's control characters must not forge log lines).
    public static func loggable(_ requested: some StringProtocol) -> String {
        isWellFormed(requested) ? String(requested) : String(requested.prefix(64)).debugDescription
    }

    private static func isWellFormed(_ text: some StringProtocol) -> Bool {
        (10...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F
            }
    }
}

extension MatchID: ExpressibleByStringInterpolation {
    /// An id written in code (tests, fixtures, benchmarks), taken as it is.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}
