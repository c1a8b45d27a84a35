import Foundation

/// Where a `PostgresMatchStore` connects: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (also
/// `postgresql://`), with percent-escapes in the user and password decoded.
///
/// Its `description` (and so any log line or error message that interpolates it) leaves the password
/// out: `postgres://user:***@host:5432/db`.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    public let user: String
    /// Kept out of `description`, `debugDescription` and every error message.
    public let password: String?
    public let host: String
    public let port: Int
    public let database: String

    /// Whether `text` names a PostgreSQL store (its scheme), whatever the rest says: a `--db` value that
    /// does is read as a URL, and a mistake in it is an error rather than a file name.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a URL; throws `PostgresStoreError.invalidURL` (which shows the URL without its password)
    /// when a part is missing or malformed.
    public init(_ text: String) throws {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw PostgresStoreError.invalidURL(Self.redacted(text), problem: "expected postgres://USER[:PASSWORD]@HOST:PORT/DB")
        }
        let redacted = Self.redacted(text)
        guard let user = components.user?.removingPercentEncoding, !user.isEmpty else {
            throw PostgresStoreError.invalidURL(redacted, problem: "it names no user")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresStoreError.invalidURL(redacted, problem: "it names no host")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresStoreError.invalidURL(redacted, problem: "it names no database (…/DB)")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw PostgresStoreError.invalidURL(redacted, problem: "the port must be 1 to 65535")
        }
        self.user = user
        self.password = components.password?.removingPercentEncoding
        self.host = host
        self.port = port
        self.database = database
    }

    /// `host:port`, for messages.
    public var address: String { "\(host):\(port)" }

    public var description: String {
        "postgres://\(user)\(password == nil ? "" : ":***")@\(address)/\(database)"
    }

    public var debugDescription: String { description }

    /// `text` with whatever stands between the user's `:` and the `@` replaced by `***`, for messages
    /// about a URL that could not be read.
    public static func redacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"), let at = text[schemeEnd.upperBound...].lastIndex(of: "@") else { return text }
        let userInfo = text[schemeEnd.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}
