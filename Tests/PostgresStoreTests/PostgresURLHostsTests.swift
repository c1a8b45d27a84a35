import Testing

@testable import PostgresStore

/// libpq's multi-host form of `--db`: every host read in order, each entry's mistake named.
@Suite("PostgreSQL URL: several hosts")
struct PostgresURLHostsTests {
    @Test func test_severalHosts_areReadInOrder_withTheirPorts() throws {
        let url = try PostgresURL("postgres://ann:s%40cret@db1.example:6543,db2.example:6544/games")
        #expect(url.hosts == [.init(host: "db1.example", port: 6543), .init(host: "db2.example", port: 6544)])
        #expect(url.user == "ann")
        #expect(url.password == "s@cret")
        #expect(url.database == "games")
        #expect(url.description == "postgres://ann:***@db1.example:6543,db2.example:6544/games")
    }

    @Test func test_aHostWithoutAPort_hasPostgreSQLs() throws {
        let url = try PostgresURL("postgres://ann@db1,db2:6000/games")
        #expect(url.hosts == [.init(host: "db1", port: 5432), .init(host: "db2", port: 6000)])
    }

    @Test func test_anIPv6HostInBrackets_isReadWithoutThem_andWrittenWithThem() throws {
        let url = try PostgresURL("postgres://ann:pw@[::1]:6000,[fd00::2]/games")
        #expect(url.hosts == [.init(host: "::1", port: 6000), .init(host: "fd00::2", port: 5432)])
        #expect(url.address == "[::1]:6000,[fd00::2]:5432")
    }

    @Test func test_aSingleHost_isAsBefore() throws {
        let url = try PostgresURL("postgresql://ann@localhost/games?sslmode=disable")
        #expect(url.hosts == [.init(host: "localhost", port: 5432)])
        #expect(url.host == "localhost" && url.port == 5432)
    }

    /// What `pg_autoctl show uri --formation default` prints: no user, and libpq's parameters.
    @Test func test_theURIPgAutoctlPrints_isRead_withLibpqsDefaultUser() throws {
        let text = "postgres://127.0.0.1:55233,127.0.0.1:43405/tictactoe?target_session_attrs=read-write&sslmode=prefer"
        let url = try PostgresURL(text, defaultUser: "postgres")
        #expect(url.hosts == [.init(host: "127.0.0.1", port: 55233), .init(host: "127.0.0.1", port: 43405)])
        #expect(url.user == "postgres")
        #expect(url.password == nil)
        #expect(url.database == "tictactoe")
        #expect(try PostgresURL("postgres://@db1,db2/games", defaultUser: "ann").user == "ann")
        #expect(try PostgresURL("postgres://ann@db1/games?sslmode=disable&target_session_attrs=any", defaultUser: "bob").user == "ann")
    }

    @Test(arguments: ["require", "verify-ca", "verify-full"])
    func test_anSSLModeThatNeedsTLS_isRefused_sinceTheStoreSpeaksNone(mode: String) {
        let error = #expect(throws: PostgresStoreError.self) {
            _ = try PostgresURL("postgres://ann:topsecret@db1,db2/games?target_session_attrs=read-write&sslmode=\(mode)")
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("sslmode=\(mode) needs TLS"), "\(message)")
        #expect(!message.contains("topsecret"), "\(message)")
    }

    @Test(arguments: [
        ("postgres://ann:topsecret@db1:5432,db2:x/games", "the port of host 2 of 2 (\"db2:x\") must be 1 to 65535"),
        ("postgres://ann:topsecret@db1:5432,,db3/games", "host 2 of 3 (\"\") names no host"),
        ("postgres://ann:topsecret@db1,[::1/games", "host 2 of 2 (\"[::1\") opens [ without closing it"),
        ("postgres://ann:topsecret@db1:99999/games", "the port must be 1 to 65535"),
    ])
    func test_aHostListWithOneBadEntry_isRefused_namingTheEntry_withoutThePassword(text: String, problem: String) {
        let error = #expect(throws: PostgresStoreError.self) { _ = try PostgresURL(text) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(problem), "\(message)")
        #expect(!message.contains("topsecret"), "\(message)")
    }
}
