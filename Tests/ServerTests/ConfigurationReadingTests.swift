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
    ])
    func test_anUnusableValue_isAnErrorNamingTheVariable(variable: String, value: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try configuration(environment: [variable: value]) }
        #expect(error?.description.contains(variable) == true)
    }
}
