import Configuration
import PostgresStore
import SQLiteStore
import WebSocketTransport

extension ServerConfiguration {
    /// The options of README "Options", one line each: read from `reader` (the command line's values,
    /// then the `TICTACTOE_…` environment: see `ServerConfiguration.providers`), each absent one left at
    /// its default.
    /// - Throws: `ConfigurationError` for a value that is present but unusable (`--port x`,
    ///   `TICTACTOE_SYNCHRONOUS=fast`), naming the option: a mistyped setting is never silently ignored.
    public init(reading reader: ConfigReader) throws {
        self.init()
        let options = OptionReader(reader: reader)
        host = try options.string("host") ?? host
        port = try options.int("port", in: 0...65535) ?? port
        databasePath = try options.string("db") ?? databasePath
        if PostgresURL.isPostgres(databasePath) {
            // A host list with one bad entry is a clear error at start, naming the option.
            do { _ = try PostgresURL(databasePath) } catch { throw ConfigurationError(option: "db", problem: "is unusable: \(error)") }
        }
        databaseFailoverTimeout = try options.seconds("dbFailoverTimeout") ?? databaseFailoverTimeout
        if let mode = try options.string("synchronous") {
            guard let parsed = SQLiteSynchronous(rawValue: mode.uppercased()) else {
                throw ConfigurationError(option: "synchronous", problem: "must be full or normal, not \"\(mode)\"")
            }
            synchronous = parsed
        }
        publicDirectory = try options.string("public") ?? publicDirectory
        seatTimeout = try options.seconds("seatTimeout") ?? seatTimeout
        claimGrace = try options.seconds("claimGrace", allowingZero: true) ?? claimGrace
        firstMoveWindow = try options.seconds("firstMoveSeconds") ?? firstMoveWindow
        allowedOrigins = try options.strings("allowedOrigins") ?? allowedOrigins
        allowedHosts = try options.strings("allowedHosts") ?? allowedHosts
        if let bad = allowedHosts.first(where: { $0.contains("/") || $0.contains(" ") }) {
            throw ConfigurationError(option: "allowedHosts", problem: "must be host names without a scheme or path, not \"\(bad)\"")
        }
        trustedProxies = try options.strings("trustedProxies") ?? trustedProxies
        if let bad = trustedProxies.first(where: { IPAddressRange($0) == nil }) {
            throw ConfigurationError(option: "trustedProxies", problem: "must be IP addresses or CIDR blocks (10.0.0.0/8), not \"\(bad)\"")
        }
        idleTimeout = try options.seconds("idleTimeout") ?? idleTimeout
        computerDelay = try options.seconds("computerDelay", allowingZero: true) ?? computerDelay
        maxConnectionsPerMatch = try options.int("maxConnectionsPerMatch", in: 0...Int.max) ?? maxConnectionsPerMatch
        matchConnectionShare = try options.fraction("matchConnectionShare") ?? matchConnectionShare
        matchesPerAddressPerMinute = try options.int("matchesPerMinute", in: 1...Int.max) ?? matchesPerAddressPerMinute
        passkeyOptionsPerAddressPerMinute =
            try options.int("passkeysPerMinute", in: 1...Int.max) ?? passkeyOptionsPerAddressPerMinute
        maxConnectionsPerAddress = try options.int("maxConnectionsPerAddress", in: 1...Int.max) ?? maxConnectionsPerAddress
        connectsPerAddressPerMinute = try options.int("connectsPerMinute", in: 1...Int.max) ?? connectsPerAddressPerMinute
        if let interval = try options.seconds("pingInterval", allowingZero: true) {
            webSocketPingInterval = interval == .zero ? nil : interval
        }
        webSocketCloseTimeout = try options.seconds("closeTimeout") ?? webSocketCloseTimeout
        handshakeTimeout = try options.seconds("handshakeTimeout") ?? handshakeTimeout
        httpIdleTimeout = try options.seconds("httpIdleTimeout") ?? httpIdleTimeout
        bodyTimeout = try options.seconds("bodyTimeout") ?? bodyTimeout
        retainDays = try options.days("retainDays") ?? retainDays
        if let text = try options.string("metricsAddress") {
            guard let address = ListenAddress(parsing: text) else {
                throw ConfigurationError(
                    option: "metricsAddress", problem: "must be HOST:PORT (an IPv6 address in brackets), not \"\(text)\"")
            }
            metricsAddress = address
        }
        tlsCertificatePath = try options.string("tlsCert") ?? tlsCertificatePath
        tlsKeyPath = try options.string("tlsKey") ?? tlsKeyPath
        redirectHTTPPort = try options.int("redirectHttpPort", in: 1...65535) ?? redirectHTTPPort
        if redirectHTTPPort != nil && !usesTLS {
            throw ConfigurationError(option: "redirectHttpPort", problem: "redirects to HTTPS, so it needs --tls-cert and --tls-key")
        }
        // After the TLS options: a connection over TLS costs more memory, which lowers the default.
        maxConnections =
            try options.int("maxConnections", in: 1...Int.max) ?? ConnectionCapacity.current(tls: usesTLS).defaultMaxConnections
        tracksRIBObjects = try options.bool("trackRibObjects") ?? tracksRIBObjects
    }

    /// Where options come from, first wins: `commandLine` (what the command line gave, by the keys
    /// `ServerConfiguration(reading:)` reads), then the environment variables `TICTACTOE_` + the key in
    /// upper snake case (`seatTimeout` → `TICTACTOE_SEAT_TIMEOUT`); an empty variable counts as unset.
    public static func providers(commandLine: [AbsoluteConfigKey: ConfigValue], environment: [String: String]) -> [any ConfigProvider] {
        [
            InMemoryProvider(name: "command line", values: commandLine),
            EnvironmentVariablesProvider(environmentVariables: environment.filter { !$0.value.isEmpty }).prefixKeys(with: "tictactoe"),
        ]
    }
}

/// An option that was given but cannot be used.
public struct ConfigurationError: Error, CustomStringConvertible {
    /// The option's key, as `ServerConfiguration(reading:)` names it (`seatTimeout`).
    public let option: String
    /// What is wrong with its value.
    public let problem: String

    /// An error for `option` (a key as `ServerConfiguration(reading:)` names it).
    public init(option: String, problem: String) {
        self.option = option
        self.problem = problem
    }

    public var description: String { "option \(option) (--\(Self.dashed(option)), TICTACTOE_\(Self.snake(option))) \(problem)" }

    private static func dashed(_ key: String) -> String {
        key.reduce(into: "") { $0 += $1.isUppercase ? "-\($1.lowercased())" : String($1) }
    }

    private static func snake(_ key: String) -> String {
        dashed(key).replacingOccurrences(of: "-", with: "_").uppercased()
    }
}

/// Reads one option at a time: nil when it is absent, a `ConfigurationError` when it is there but not
/// of its type or range.
private struct OptionReader {
    let reader: ConfigReader

    func string(_ key: String) throws -> String? {
        try read(key) { try reader.requiredString(forKey: [key]) }
    }

    func strings(_ key: String) throws -> [String]? {
        try read(key) { try reader.requiredStringArray(forKey: [key]) }.map { values in
            values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = try read(key, { try reader.requiredInt(forKey: [key]) }) else { return nil }
        guard range.contains(value) else {
            throw ConfigurationError(option: key, problem: "must be in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    func bool(_ key: String) throws -> Bool? {
        try read(key) { try reader.requiredBool(forKey: [key]) }
    }

    /// A fraction above 0 and at most 1.
    func fraction(_ key: String) throws -> Double? {
        guard let value = try read(key, { try reader.requiredDouble(forKey: [key]) }) else { return nil }
        guard value.isFinite, value > 0, value <= 1 else {
            throw ConfigurationError(option: key, problem: "must be a fraction above 0 and at most 1 (0.75 for three quarters)")
        }
        return value
    }

    /// A positive number of days (fractions allowed), at most a hundred years.
    func days(_ key: String) throws -> Double? {
        guard let value = try read(key, { try reader.requiredDouble(forKey: [key]) }) else { return nil }
        guard value.isFinite, value > 0, value <= 36_525 else {
            throw ConfigurationError(option: key, problem: "must be a positive number of days, at most 36525")
        }
        return value
    }

    /// The longest time an option may give: timers run on NIO's clock, whose nanoseconds a longer
    /// time would overflow.
    static let longestSeconds: Double = 366 * 24 * 60 * 60

    /// A number of seconds (fractions allowed), positive, or also 0 when `allowingZero`, at most a year.
    func seconds(_ key: String, allowingZero: Bool = false) throws -> Duration? {
        guard let value = try read(key, { try reader.requiredDouble(forKey: [key]) }) else { return nil }
        guard value.isFinite, value > 0 || (allowingZero && value == 0) else {
            throw ConfigurationError(option: key, problem: allowingZero ? "must not be negative" : "must be positive")
        }
        guard value <= Self.longestSeconds else {
            throw ConfigurationError(option: key, problem: "must be at most \(Int(Self.longestSeconds)) seconds (366 days)")
        }
        return .milliseconds(Int64((value * 1000).rounded()))
    }

    private func read<Value>(_ key: String, _ body: () throws -> Value) throws -> Value? {
        guard isPresent(key) else { return nil }
        do {
            return try body()
        } catch {
            throw ConfigurationError(option: key, problem: "has a value that cannot be read: \(error)")
        }
    }

    /// Whether any provider has a value for `key`, of whatever type: the command line's values are
    /// typed, the environment's are text, and the reader answers nil for a value of another type.
    private func isPresent(_ key: String) -> Bool {
        let key: ConfigKey = [key]
        return reader.string(forKey: key) != nil || reader.int(forKey: key) != nil || reader.double(forKey: key) != nil
            || reader.bool(forKey: key) != nil || reader.stringArray(forKey: key) != nil
    }
}
