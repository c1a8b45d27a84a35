// swift-tools-version:6.2
// A self-hostable server for turn-based browser games. Every match is hosted by its own RIB tree.
import PackageDescription

let package = Package(
    name: "tictactoe-server",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tictactoe", targets: ["tictactoe"]),
        .library(name: "RIBs", targets: ["RIBs"]),
        .library(name: "WireProtocol", targets: ["WireProtocol"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        // The RIBs core, ported from uber/RIBs-iOS: no game, no server, no concurrency of its own.
        .target(name: "RIBs"),
        // The match's RIB tree (a folder per RIB, the games' RIBs among them) and the rules. Synchronous, no I/O.
        // The words every layer uses (seats, scores, phases, ids), below the tree and the stores: depends on nothing.
        .target(name: "MatchWords"),
        .target(name: "MatchTree", dependencies: ["RIBs", "MatchWords"]),
        // The wire messages of docs/PROTOCOL.md as Swift types, read with JSONDecoder, shared by server, tests and tools.
        .target(name: "WireProtocol"),
        // What a match stores (the append-only log, its summary), the MatchStore protocol every store
        // implements, and the in-memory store.
        .target(name: "MatchStore", dependencies: ["MatchWords"]),
        // The games: what every game is to the server (GameUnits), then one module per game.
        .target(
            name: "GameUnits", dependencies: ["MatchWords", "MatchTree", "MatchStore", "WireProtocol"], path: "Sources/Games/GameUnits"),
        // What the games played on a grid share: the board of cells, its wire form, the outcome by a line.
        .target(name: "GridGames", dependencies: ["GameUnits"], path: "Sources/Games/Grid"),
        .target(
            name: "TicTacToe", dependencies: ["GridGames", "GameUnits", "MatchTree", "MatchWords", "MatchStore", "WireProtocol", "RIBs"],
            path: "Sources/Games/TicTacToe"),
        .target(
            name: "RandomWin", dependencies: ["GameUnits", "MatchTree", "MatchWords", "MatchStore", "WireProtocol", "RIBs"],
            path: "Sources/Games/RandomWin"),
        .target(
            name: "ConnectFour", dependencies: ["GridGames", "GameUnits", "MatchTree", "MatchWords", "MatchStore", "WireProtocol", "RIBs"],
            path: "Sources/Games/ConnectFour"),
        .target(
            name: "Kalah", dependencies: ["GameUnits", "MatchTree", "MatchWords", "MatchStore", "WireProtocol", "RIBs"],
            path: "Sources/Games/Kalah"),
        // Every game this server offers, in OffGame's order (`GameCatalog.standard`): the one registration
        // line of a game, in a module of its own so that the hosting and transport tests host real games
        // without the executable's composition.
        .target(name: "AllGames", dependencies: ["GameUnits", "TicTacToe", "RandomWin", "ConnectFour", "Kalah"]),
        // What the durable stores share: the stored JSON of records and summaries, the write queue that
        // group commit takes its batches from, the write statistics.
        .target(name: "DurableStore", dependencies: ["MatchStore", "MatchWords"]),
        // The embedded default store: one SQLite file through GRDB, WAL, group commit, the record archive.
        .target(
            name: "SQLiteStore",
            dependencies: [
                "MatchStore", "DurableStore", "MatchWords", "Accounts", "RatingStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The PostgreSQL store for several servers on one database: postgres-nio, group commit, versioned
        // migrations, appends conditioned on the next sequence number so that a match's log never forks.
        .target(
            name: "PostgresStore",
            dependencies: [
                "MatchStore", "DurableStore", "MatchWords", "Accounts", "RatingStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The MatchStore contract as checks any store's test target runs against its own stores, and a
        // store whose writes a test holds (`HeldStore`). A library rather than a test target so that
        // several test targets share it; only tests depend on it.
        .target(
            name: "MatchStoreContract", dependencies: ["MatchStore", "MatchTree", "TicTacToe", "RandomWin", "MatchWords", "GridGames"],
            path: "Tests/MatchStoreContract"),
        // Passkey (WebAuthn Level 3) verification: base64url, a CBOR decoder, authenticator data, COSE keys,
        // the registration and assertion ceremonies' checks (§7.1, §7.2). No server, no store, no network.
        .target(name: "Passkeys", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // Accounts (issue 41): the account, its passkeys, sessions, pending challenges and blocks; the
        // AccountStore protocol both durable stores implement, and the in-memory store.
        .target(name: "Accounts", dependencies: ["Passkeys", .product(name: "Crypto", package: "swift-crypto")]),
        // Ratings (issue 42): Glicko-2 and lichess's constants, each rated game a rating period of its own.
        // Pure: no I/O, the time of a game is given.
        .target(name: "Ratings"),
        // Where ratings are kept: the RatingStore protocol (each rated game applied exactly once, keyed by
        // its match and number), what applying one writes, and the in-memory store.
        .target(name: "RatingStore", dependencies: ["Ratings", "Accounts"]),
        // The RatingStore contract as checks each store's test target runs (as AccountStoreContract).
        .target(
            name: "RatingStoreContract", dependencies: ["RatingStore", "Ratings", "Accounts", "AccountStoreContract"],
            path: "Tests/RatingStoreContract"),
        // The AccountStore contract as checks each store's test target runs (as MatchStoreContract).
        .target(name: "AccountStoreContract", dependencies: ["Accounts"], path: "Tests/AccountStoreContract"),
        // Match hosting: the registry of a process's matches, each hosted by its own RIB tree behind one
        // mailbox, its connections, its log appended to the store, its messages in order. No HTTP, no
        // socket: a connection is what the transport hands it.
        .target(
            name: "MatchHosting",
            dependencies: [
                "MatchWords", "MatchTree", "MatchStore", "GameUnits", "WireProtocol", "RIBs", "RatingStore", "Ratings",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The transport: the NIO channel every connection starts on (HTTP/1.1 with Hummingbird's
        // responder, the WebSocket upgrade, TLS handlers given by the server), the WebSocket sessions that
        // carry a match's messages, the limits per connection and per address, the connection budget.
        .target(
            name: "WebSocketTransport",
            dependencies: [
                "MatchHosting", "MatchWords", "MatchStore", "WireProtocol", "GameUnits",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ]
        ),
        // The Hummingbird application: the HTTP routes, TLS, the lifecycle, the wiring.
        .target(
            name: "Server",
            dependencies: [
                "MatchHosting", "WebSocketTransport", "MatchTree", "WireProtocol", "MatchStore", "SQLiteStore", "PostgresStore",
                "GameUnits", "AllGames", "MatchWords", "Accounts", "Passkeys", "Ratings", "RatingStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .executableTarget(
            name: "tictactoe",
            dependencies: [
                "Server", "MatchHosting", "WebSocketTransport", "SQLiteStore", "AllGames", "GameUnits",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Measures how many moves per second a store sustains, with and without group commit.
        .executableTarget(
            name: "tictactoe-store-bench",
            dependencies: [
                "MatchStore", "DurableStore", "SQLiteStore", "PostgresStore", "MatchTree", "TicTacToe", "MatchWords", "GridGames",
                "RatingStore", "Ratings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Only for --leaderboard-players, which writes rated players' rows straight into the file.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The load generator: N matches, two players and S spectators each, over real WebSockets.
        .executableTarget(
            name: "tictactoe-bench",
            dependencies: [
                "WireProtocol", "GameUnits", "TicTacToe", "RandomWin", "MatchWords", "GridGames",
                // Only for --flag-watch, which times the server's clock timer itself.
                "MatchHosting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // A clock the tests advance by hand (`ManualClock`), as the `HostClock` a host or a server is
        // given: the tests of time advance it instead of waiting.
        .target(
            name: "VirtualTime",
            dependencies: ["MatchHosting"],
            path: "Tests/VirtualTime"),
        // Raw TCP clients that speak HTTP/1.1 and WebSocket by hand (`WireConnection`, `RawWebSocket`,
        // `RawHTTP`, `FrameBytes`): for the transport's tests and the server's, so that both send what
        // a WebSocket library would refuse to and read what it would hide.
        .target(
            name: "RawSocketSupport",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/RawSocketSupport"),
        .testTarget(name: "RIBsTests", dependencies: ["RIBs"]),
        .testTarget(name: "AccountsTests", dependencies: ["Accounts", "AccountStoreContract"]),
        // The rules against Glickman's worked example and games computed by hand (glicko_by_hand.py).
        .testTarget(name: "RatingsTests", dependencies: ["Ratings"], exclude: ["glicko_by_hand.py"]),
        .testTarget(name: "RatingStoreTests", dependencies: ["RatingStore", "RatingStoreContract", "Accounts"]),
        // A passkey authenticator in software (its own P-256 and Ed25519 keys) and the CBOR writer it
        // needs: the vectors of the verification's tests and the server's. Only tests depend on it.
        .target(
            name: "PasskeyTestSupport", dependencies: ["Passkeys", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/PasskeyTestSupport"),
        // Vectors made in the test by a software authenticator (its own P-256 and Ed25519 keys).
        .testTarget(
            name: "PasskeysTests", dependencies: ["Passkeys", "PasskeyTestSupport", .product(name: "Crypto", package: "swift-crypto")]),
        // Includes RFC 6455 conformance over real sockets, against a server of the transport alone
        // (`withTransportServer`): its channel handlers in front of a match registry, no routes of the app.
        .testTarget(
            name: "WebSocketTransportTests",
            dependencies: [
                "WebSocketTransport", "MatchHosting", "MatchStore", "MatchWords", "AllGames", "GameUnits", "WireProtocol",
                "RawSocketSupport",
                "VirtualTime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "MatchHostingTests",
            dependencies: [
                "MatchHosting", "MatchWords", "MatchTree", "MatchStore", "GameUnits", "WireProtocol", "RIBs", "TicTacToe", "RandomWin",
                "GameTestSupport", "AllGames", "RatingStore", "Ratings",
                "ConnectFour", "GridGames",
                .product(name: "Logging", package: "swift-log"),
                "VirtualTime", "MatchStoreContract",
            ]
        ),
        .testTarget(
            name: "MatchTreeTests",
            dependencies: ["MatchTree", "RIBs", "TicTacToe", "RandomWin", "GameTestSupport", "MatchWords", "GridGames"]),
        .testTarget(
            name: "GameUnitsTests",
            dependencies: ["GameUnits", "TicTacToe", "RandomWin", "MatchTree", "MatchStore", "WireProtocol", "MatchWords", "GridGames"],
            path: "Tests/Games/GameUnitsTests"),
        .target(
            name: "GameTestSupport",
            dependencies: ["MatchTree", "MatchWords", "GridGames", "GameUnits", "MatchStore", "WireProtocol", "RIBs"],
            path: "Tests/Games/GameTestSupport"),
        .testTarget(
            name: "TicTacToeTests",
            dependencies: [
                "TicTacToe", "GameUnits", "GameTestSupport", "MatchTree", "MatchStore", "WireProtocol", "RIBs", "MatchWords", "GridGames",
            ],
            path: "Tests/Games/TicTacToeTests"
        ),
        .testTarget(
            name: "RandomWinTests",
            dependencies: ["RandomWin", "GameUnits", "GameTestSupport", "MatchTree", "MatchStore", "WireProtocol", "RIBs", "MatchWords"],
            path: "Tests/Games/RandomWinTests"
        ),
        .testTarget(
            name: "ConnectFourTests",
            dependencies: [
                "ConnectFour", "GameUnits", "GameTestSupport", "MatchTree", "MatchStore", "WireProtocol", "RIBs", "MatchWords", "GridGames",
            ],
            path: "Tests/Games/ConnectFourTests"
        ),
        .testTarget(
            name: "KalahTests",
            dependencies: ["Kalah", "GameUnits", "GameTestSupport", "MatchTree", "MatchStore", "WireProtocol", "RIBs", "MatchWords"],
            path: "Tests/Games/KalahTests"
        ),
        .testTarget(name: "WireProtocolTests", dependencies: ["WireProtocol", "TicTacToe", "RandomWin", "MatchWords", "GridGames"]),
        .testTarget(name: "MatchStoreTests", dependencies: ["MatchStore", "MatchStoreContract", "MatchTree", "MatchWords"]),
        .testTarget(
            name: "SQLiteStoreTests",
            dependencies: [
                "SQLiteStore", "DurableStore", "MatchStore", "MatchStoreContract", "MatchTree", "TicTacToe", "RandomWin", "MatchWords",
                "GridGames", "Accounts", "AccountStoreContract", "RatingStore", "RatingStoreContract",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Runs against the private PostgreSQL that scripts/test.sh starts (TICTACTOE_TEST_POSTGRES_URL);
        // skipped, saying so, without it.
        .testTarget(
            name: "PostgresStoreTests",
            dependencies: [
                "PostgresStore", "DurableStore", "MatchStore", "MatchStoreContract", "MatchTree", "MatchWords", "Accounts",
                "AccountStoreContract", "RatingStore", "RatingStoreContract",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server", "MatchHosting", "WireProtocol", "MatchStore", "SQLiteStore", "PostgresStore", "MatchTree", "GameUnits",
                "AllGames", "TicTacToe", "RandomWin",
                "ConnectFour", "Kalah", "GridGames",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                "VirtualTime", "RawSocketSupport", "MatchStoreContract", "Accounts", "Passkeys", "PasskeyTestSupport",
                "Ratings", "RatingStore", "RatingStoreContract",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Store files of earlier releases, opened by path from the tests (Fixtures/README.md).
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
