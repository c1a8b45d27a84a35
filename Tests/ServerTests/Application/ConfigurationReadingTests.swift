import Configuration
import Server
import Testing

/// The options table: the command line wins over the environment, which wins over the defaults; a value
/// that is there but unusable is an error that names the option.
@Suite("Reading the options")
struct ConfigurationReadingTests {
    private func configuration(commandLine: [AbsoluteConfigKey: ConfigValue] = [:], environment: [String: String] = [:]) throws
        -> ServerConfiguration
    {
        try ServerConfiguration(
            reading: ConfigReader(providers: ServerConfiguration.providers(commandLine: commandLine, environment: environment)))
    }

    @Test func test_nothingGiven_givesTheDocumentedDefaults() throws {
        let read = try configuration()
        #expect(read.host == "127.0.0.1")
        #expect(read.port == 8080)
        #expect(read.databasePath == "data/tictactoe.sqlite")
        #expect(read.seatTimeout == .seconds(60))
        #expect(read.webSocketPingInterval == .seconds(30))
        #expect(read.allowedOrigins.isEmpty)
        #expect(read.handshakeTimeout == .seconds(10))
        #expect(read.httpIdleTimeout == .seconds(60))
        #expect(read.bodyTimeout == .seconds(10), "issue 26: a request body has 10 s")
        #expect(read.maxConnectionsPerMatch == 0, "issue 31: no limit of a match's own")
        #expect(read.matchConnectionShare == 0.75)
        #expect(read.maxConnections == ConnectionCapacity.current().defaultMaxConnections, "issue 27: what the machine allows")
        #expect(read.tlsCertificatePath == nil && read.tlsKeyPath == nil && !read.usesTLS, "plain HTTP unless a certificate is given")
        #expect(read.redirectHTTPPort == nil)
        #expect(read.webSocketCloseTimeout == .seconds(5))
        #expect(read.allowedHosts.isEmpty)
        #expect(read.metricsAddress == nil, "issue 17 item 11: no /metrics listener unless asked for")
        #expect(read.retainDays == nil, "issue 17 item 6: no match deleted unless asked for")
        #expect(read.trustedProxies.isEmpty, "no proxy is trusted unless named")
        #expect(read.databaseFailoverTimeout == .seconds(30), "issue 43: a primary looked for 30 s")
        #expect(read.passkeyOptionsPerAddressPerMinute == 30)
    }

    @Test func test_aDatabaseHostListWithOneBadEntry_isAnErrorAtStart_namingDb_notThePassword() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try configuration(environment: ["TICTACTOE_DB": "postgres://ann:topsecret@db1:5432,db2:port/games"])
        }
        let message = error?.description ?? ""
        #expect(message.contains("--db") && message.contains("TICTACTOE_DB") && message.contains("host 2 of 2"), "\(message)")
        #expect(!message.contains("topsecret"), "\(message)")
        let read = try configuration(environment: [
            "TICTACTOE_DB": "postgres://ann@db1,db2/games", "TICTACTOE_DB_FAILOVER_TIMEOUT": "0.5",
        ])
        #expect(read.databaseFailoverTimeout == .milliseconds(500))
    }

    @Test func test_oneMatchHoldsAtMostItsShareOfTheServersConnections_andItsOwnLimitWhenGiven() throws {
        var read = try configuration(environment: ["TICTACTOE_MAX_CONNECTIONS": "1000", "TICTACTOE_MATCH_CONNECTION_SHARE": "0.5"])
        #expect(read.matchConnectionShare == 0.5)
        #expect(read.connectionsPerMatchCap == 500)
        read.maxConnectionsPerMatch = 100
        #expect(read.connectionsPerMatchCap == 100)
        read.maxConnectionsPerMatch = 900
        #expect(read.connectionsPerMatchCap == 500, "the share caps a match's own limit too")
        read.maxConnections = 1
        #expect(read.connectionsPerMatchCap == 1)
        for bad in ["0", "1.5", "-0.2", "all"] {
            #expect(throws: ConfigurationError.self, "\(bad)") {
                try configuration(environment: ["TICTACTOE_MATCH_CONNECTION_SHARE": bad])
            }
        }
    }

    @Test func test_retainDays_takesFractionsOfDays() throws {
        #expect(try configuration(environment: ["TICTACTOE_RETAIN_DAYS": "0.5"]).retainDays == 0.5)
    }

    @Test func test_metricsAddress_takesHostAndPort_IPv6InBrackets() throws {
        #expect(
            try configuration(environment: ["TICTACTOE_METRICS_ADDRESS": "127.0.0.1:9090"]).metricsAddress
                == .init(host: "127.0.0.1", port: 9090))
        #expect(try configuration(environment: ["TICTACTOE_METRICS_ADDRESS": "[::1]:0"]).metricsAddress == .init(host: "::1", port: 0))
    }

    @Test func test_trustedProxies_areReadFromTheEnvironment_andTheCommandLineWins() throws {
        let fromEnvironment = try configuration(environment: ["TICTACTOE_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8,fd00::/8"])
        #expect(fromEnvironment.trustedProxies == ["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
        let fromCommandLine = try configuration(
            commandLine: [["trustedProxies"]: .init(.stringArray(["192.168.1.2"]), isSecret: false)],
            environment: ["TICTACTOE_TRUSTED_PROXIES": "127.0.0.1"])
        #expect(fromCommandLine.trustedProxies == ["192.168.1.2"])
    }

    @Test func test_allowedHosts_areReadFromTheEnvironment() throws {
        let read = try configuration(environment: ["TICTACTOE_ALLOWED_HOSTS": "games.example.org, play.example.org:8443"])
        #expect(read.allowedHosts == ["games.example.org", "play.example.org:8443"])
    }

    @Test func test_passkeysPerMinute_isReadFromTheEnvironment_andMustBePositive() throws {
        #expect(try configuration(environment: ["TICTACTOE_PASSKEYS_PER_MINUTE": "500"]).passkeyOptionsPerAddressPerMinute == 500)
        #expect(throws: ConfigurationError.self) { try configuration(environment: ["TICTACTOE_PASSKEYS_PER_MINUTE": "0"]) }
    }

    @Test func test_theConnectionOptions_areReadFromTheEnvironment() throws {
        let read = try configuration(environment: [
            "TICTACTOE_HANDSHAKE_TIMEOUT": "2.5", "TICTACTOE_HTTP_IDLE_TIMEOUT": "31622400", "TICTACTOE_MAX_CONNECTIONS": "50",
            "TICTACTOE_CLOSE_TIMEOUT": "1", "TICTACTOE_BODY_TIMEOUT": "0.5",
        ])
        #expect(read.bodyTimeout == .milliseconds(500))
        #expect(read.handshakeTimeout == .milliseconds(2500))
        #expect(read.httpIdleTimeout == .seconds(31_622_400))
        #expect(read.maxConnections == 50)
        #expect(read.webSocketCloseTimeout == .seconds(1))
    }

    @Test func test_theEnvironment_setsOptions_andTheCommandLineWins() throws {
        let read = try configuration(
            commandLine: [["port"]: .init(.int(9000), isSecret: false)],
            environment: [
                "TICTACTOE_PORT": "9100", "TICTACTOE_SEAT_TIMEOUT": "2.5", "TICTACTOE_DB": ":memory:",
                "TICTACTOE_ALLOWED_ORIGINS": "https://a.example, https://b.example", "TICTACTOE_PING_INTERVAL": "0",
                "TICTACTOE_SYNCHRONOUS": "normal", "TICTACTOE_MAX_CONNECTIONS_PER_MATCH": "7",
            ]
        )
        #expect(read.port == 9000)
        #expect(read.seatTimeout == .milliseconds(2500))
        #expect(read.databasePath == ":memory:")
        #expect(read.allowedOrigins == ["https://a.example", "https://b.example"])
        #expect(read.webSocketPingInterval == nil)
        #expect(read.synchronous == .normal)
        #expect(read.maxConnectionsPerMatch == 7)
    }

    @Test func test_anEmptyVariable_countsAsUnset() throws {
        #expect(try configuration(environment: ["TICTACTOE_DB": "", "TICTACTOE_PORT": ""]).port == 8080)
    }

    @Test(arguments: [
        ("TICTACTOE_PORT", "eighty"), ("TICTACTOE_PORT", "70000"), ("TICTACTOE_SEAT_TIMEOUT", "-1"),
        ("TICTACTOE_SYNCHRONOUS", "fast"), ("TICTACTOE_PING_INTERVAL", "-5"),
        // Issue 17, item 12: a time past NIO's clock was a crash at start; now it is an error naming it.
        ("TICTACTOE_SEAT_TIMEOUT", "1e300"), ("TICTACTOE_HANDSHAKE_TIMEOUT", "0"), ("TICTACTOE_HTTP_IDLE_TIMEOUT", "31622401"),
        ("TICTACTOE_CLOSE_TIMEOUT", "-1"), ("TICTACTOE_MAX_CONNECTIONS", "0"),
        ("TICTACTOE_ALLOWED_HOSTS", "https://games.example.org"), ("TICTACTOE_ALLOWED_HOSTS", "games.example.org/x"),
        ("TICTACTOE_RETAIN_DAYS", "0"), ("TICTACTOE_RETAIN_DAYS", "-3"), ("TICTACTOE_RETAIN_DAYS", "1e9"),
        ("TICTACTOE_METRICS_ADDRESS", "9090"), ("TICTACTOE_METRICS_ADDRESS", "::1:9090"), ("TICTACTOE_METRICS_ADDRESS", "localhost:70000"),
        ("TICTACTOE_TRUSTED_PROXIES", "proxy.example.org"), ("TICTACTOE_TRUSTED_PROXIES", "10.0.0.0/33"),
        ("TICTACTOE_TRUSTED_PROXIES", "127.0.0.1, nginx"), ("TICTACTOE_DB_FAILOVER_TIMEOUT", "0"),
    ])
    func test_anUnusableValue_isAnErrorNamingTheVariable(variable: String, value: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try configuration(environment: [variable: value]) }
        #expect(error?.description.contains(variable) == true)
    }

    @Test func test_theTLSOptions_areReadFromTheEnvironment_andTheCommandLineWins() throws {
        let read = try configuration(
            commandLine: [["tlsCert"]: .init(.string("/etc/given.pem"), isSecret: false)],
            environment: [
                "TICTACTOE_TLS_CERT": "/etc/env.pem", "TICTACTOE_TLS_KEY": "/etc/env.key", "TICTACTOE_REDIRECT_HTTP_PORT": "80",
            ])
        #expect(read.tlsCertificatePath == "/etc/given.pem")
        #expect(read.tlsKeyPath == "/etc/env.key")
        #expect(read.redirectHTTPPort == 80)
        #expect(read.usesTLS)
    }

    @Test func test_aRedirectPort_withoutTLS_isAnErrorNamingIt() throws {
        let error = #expect(throws: ConfigurationError.self) { try configuration(environment: ["TICTACTOE_REDIRECT_HTTP_PORT": "80"]) }
        #expect(error?.description.contains("--redirect-http-port") == true)
    }
}
