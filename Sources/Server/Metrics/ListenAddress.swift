/// A `HOST:PORT` to listen on, as an option gives it: `127.0.0.1:9090`, `localhost:9090`,
/// `[::1]:9090` (an IPv6 address in brackets); port 0 picks a free one.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address to bind, without brackets.
    public let host: String
    /// The port to bind, 0...65535.
    public let port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `HOST:PORT`; nil when either part is missing or the port is not 0...65535.
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(" "), !host.contains("/") else { return nil }
        // An IPv6 address names its port only after brackets, so that "::1:9090" is not misread.
        if host.contains(":"), !text.hasPrefix("[") { return nil }
        self.init(host: host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
