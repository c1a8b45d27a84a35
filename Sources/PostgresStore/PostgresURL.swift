import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a `PostgresMatchStore` connects: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (also
/// `postgresql://`), with percent-escapes in the user and password decoded; or libpq's multi-host form,
/// `postgres://USER[:PASSWORD]@HOST1[:PORT1],HOST2[:PORT2]/DATABASE`, of which the store writes to the
/// one that is the primary (`PrimarySearch`). An IPv6 host is written in brackets: `[::1]:5432`. A host
/// without a port has PostgreSQL's, 5432. A URL without a user (`postgres://H1:P1,H2:P2/DB`, as
/// `pg_autoctl show uri` prints) has libpq's default one: `PGUSER`, else the name of the user the process
/// runs as. Of the parameters after a `?`, `sslmode` is read: `require`, `verify-ca` and `verify-full`
/// are refused, since the store speaks to PostgreSQL without TLS (`disable`, `allow` and `prefer` are
/// what it does); every other parameter (`target_session_attrs=read-write`: the store writes to the
/// primary anyway) is ignored, as before.
///
/// Its `description` (and so any log line or error message that interpolates it) leaves the password
/// out: `postgres://user:***@host:5432/db`.
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// One server of the list: a host name or address (an IPv6 one without its brackets) and a port.
    public struct Host: Sendable, Hashable, CustomStringConvertible {
        public let host: String
        public let port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }

        /// `host:port`, an IPv6 address in brackets.
        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    public let user: String
    /// Kept out of `description`, `debugDescription` and every error message.
    public let password: String?
    /// Every host of the URL, in its order: the primary is looked for in that order.
    public let hosts: [Host]
    public let database: String

    /// The first host (the only one of a single-host URL).
    public var host: String { hosts[0].host }
    /// The first host's port.
    public var port: Int { hosts[0].port }

    /// Whether `text` names a PostgreSQL store (its scheme), whatever the rest says: a `--db` value that
    /// does is read as a URL, and a mistake in it is an error rather than a file name.
    public static func isPostgres(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Reads a URL; throws `PostgresStoreError.invalidURL` (which shows the URL without its password)
    /// when a part is missing or malformed, naming the host entry at fault in a list.
    public init(_ text: String) throws {
        try self.init(text, defaultUser: Self.libpqDefaultUser())
    }

    /// As `init(_:)`, with `defaultUser` the user of a URL that names none.
    init(_ text: String, defaultUser: @autoclosure () -> String) throws {
        let redacted = Self.redacted(text)
        func invalid(_ problem: String) -> PostgresStoreError { .invalidURL(redacted, problem: problem) }
        guard Self.isPostgres(text), let schemeEnd = text.range(of: "://") else {
            throw invalid("expected postgres://USER[:PASSWORD]@HOST:PORT[,HOST:PORT…]/DB")
        }
        // Not URLComponents: it reads one host only. The user part ends at the last `@`, the hosts at
        // the first `/` after it.
        let rest = text[schemeEnd.upperBound...].prefix { $0 != "?" && $0 != "#" }
        if let sslMode = Self.parameter("sslmode", in: text), ["require", "verify-ca", "verify-full"].contains(sslMode) {
            throw invalid("sslmode=\(sslMode) needs TLS, which the store does not speak to PostgreSQL (use sslmode=prefer or disable)")
        }
        let at = rest.lastIndex(of: "@")
        let userInfo = at.map { rest[..<$0] } ?? ""
        let (userPart, passwordPart) =
            if let colon = userInfo.firstIndex(of: ":") {
                (userInfo[..<colon], Optional(userInfo[userInfo.index(after: colon)...]))
            } else {
                (userInfo, nil)
            }
        guard let decodedUser = String(userPart).removingPercentEncoding else { throw invalid("its user is malformed") }
        let user = decodedUser.isEmpty ? defaultUser() : decodedUser
        guard !user.isEmpty else { throw invalid("it names no user, and neither PGUSER nor the process's user name gives one") }
        let afterAt = at.map { rest[rest.index(after: $0)...] } ?? rest
        let hostList = afterAt.prefix { $0 != "/" }
        let database = String(afterAt.dropFirst(hostList.count).drop { $0 == "/" })
        guard !hostList.isEmpty else { throw invalid("it names no host") }
        let entries = hostList.split(separator: ",", omittingEmptySubsequences: false)
        let hosts = try entries.enumerated().map { index, entry in
            try Self.host(String(entry), index: index, count: entries.count).get(orThrow: invalid)
        }
        guard !database.isEmpty, !database.contains("/"), let decodedDatabase = database.removingPercentEncoding else {
            throw invalid("it names no database (…/DB)")
        }
        self.user = user
        self.password = passwordPart.map { String($0).removingPercentEncoding ?? String($0) }
        self.hosts = hosts
        self.database = decodedDatabase
    }

    /// One entry of the host list, or what is wrong with it (naming it, and which it is of several).
    private static func host(_ entry: String, index: Int, count: Int) -> Result<Host, HostProblem> {
        let which = count > 1 ? "host \(index + 1) of \(count) (\"\(entry)\")" : "the host"
        let name: Substring
        let portText: Substring?
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]") else { return .failure(HostProblem("\(which) opens [ without closing it")) }
            name = entry[entry.index(after: entry.startIndex)..<close]
            let after = entry[entry.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return .failure(HostProblem("\(which) has something after ]")) }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = entry.firstIndex(of: ":") {
            name = entry[..<colon]
            portText = entry[entry.index(after: colon)...]
        } else {
            name = entry[...]
            portText = nil
        }
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "@" || $0 == "[" || $0 == "]" }) else {
            return .failure(HostProblem(count > 1 ? "\(which) names no host" : "it names no host"))
        }
        guard let portText else { return .success(Host(host: String(name), port: 5432)) }
        guard let port = Int(portText), (1...65535).contains(port) else {
            return .failure(HostProblem(count > 1 ? "the port of \(which) must be 1 to 65535" : "the port must be 1 to 65535"))
        }
        return .success(Host(host: String(name), port: port))
    }

    /// libpq's user for a URL that names none: `PGUSER`, else the name of the user the process runs as.
    static func libpqDefaultUser() -> String {
        if let user = ProcessInfo.processInfo.environment["PGUSER"], !user.isEmpty { return user }
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "" }
        return String(cString: name)
    }

    /// The value of the query parameter `name` (percent-escapes decoded), or nil.
    private static func parameter(_ name: String, in text: String) -> String? {
        guard let question = text.firstIndex(of: "?") else { return nil }
        let query = text[text.index(after: question)...].prefix { $0 != "#" }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : "" }
        }
        return nil
    }

    /// Every `host:port`, comma-separated, for messages.
    public var address: String { hosts.map(\.description).joined(separator: ",") }

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

/// What is wrong with one entry of the host list.
private struct HostProblem: Error {
    let text: String
    init(_ text: String) { self.text = text }
}

extension Result where Failure == HostProblem {
    fileprivate func get(orThrow error: (String) -> PostgresStoreError) throws -> Success {
        switch self {
        case .success(let value): value
        case .failure(let problem): throw error(problem.text)
        }
    }
}
