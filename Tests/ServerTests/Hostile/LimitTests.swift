import AsyncHTTPClient
import Foundation
import MatchStore
import NIOCore
import RandomWin
import RawSocketSupport
import Server
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

extension HostileTests {
    /// Every limit and check at the door: connections per match, matches per address, body size, close
    /// codes, the Origin check, security headers, static files.
    @Suite("Hostile limits")
    struct LimitTests {
        // MARK: - Connections and matches

        @Test func test_aMatchFullOfConnections_closesTheNextOne1013_andTakesOneAgainWhenSomeoneLeaves() async throws {
            try await withTestServer(configure: {
                $0.maxConnectionsPerMatch = 3
                $0.handshakeTimeout = .seconds(1)
            }) { server in
                let matchID = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: matchID)
                let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                // Both seats played by a connected player: no place is kept, the next one is refused.
                let extra = TestClient.connect(port: server.port, matchID: matchID)
                #expect(try await extra.closeCode() == 1013)
                // Players count as connections too: the two seated ones and the watcher fill it.
                let again = TestClient.connect(port: server.port, matchID: matchID)
                #expect(try await again.closeCode() == 1013)

                watcher.close()
                await watcher.waitUntilClosed()
                #expect(try await eventually { try await server.summary(of: matchID).spectators == 0 })
                let (late, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
                guard case .welcome(let you, let snapshot, _) = welcome else {
                    Issue.record("expected .welcome, got \(welcome)")
                    return
                }
                #expect(you == nil)
                #expect(snapshot.spectators == 1)
                late.close()
                _ = pair
            }
        }

        /// Issue 31, item 2: a match has no limit of its own by default, but its connections hold at most
        /// `--match-connection-share` of the server's, so that other matches' players still get in.
        @Test func test_oneMatchHoldsAtMostItsShareOfTheServersConnections_andAnotherMatchStillTakesPlayers() async throws {
            try await withTestServer(configure: {
                $0.maxConnections = 16
                $0.matchConnectionShare = 0.5
            }) { server in
                let matchID = try await server.createMatch()
                let pair = try await server.seatedPair(matchID: matchID)
                var spectators: [TestClient] = []
                for _ in 0..<6 { spectators.append(try await TestClient.connected(port: server.port, matchID: matchID).0) }
                let extra = TestClient.connect(port: server.port, matchID: matchID)
                #expect(try await extra.closeCode() == 1013, "8 of 16 connections are the match's share")
                let otherMatch = try await server.createMatch()
                let other = try await server.seatedPair(matchID: otherMatch)
                #expect(try await server.summary(of: otherMatch).players.count == 2, "the server still has room for another match")
                for spectator in spectators { spectator.close() }
                _ = (pair, other)
            }
        }

        /// Issue 29: spectators who fill a match before the invited friend arrives do not keep the friend
        /// out. A place is kept for each free seat as for an away player's: the friend gets in and takes
        /// the seat; a stranger who takes none is closed 1013 after the claim time.
        @Test func test_aMatchFilledBySpectatorsBeforeThePlayers_stillLetsEachPlayerInToTakeAFreeSeat() async throws {
            try await withTestServer(configure: {
                $0.maxConnectionsPerMatch = 3
                $0.handshakeTimeout = .seconds(1)
            }) { server in
                let matchID = try await server.createMatch()
                var spectators: [TestClient] = []
                for _ in 0..<3 { spectators.append(try await TestClient.connected(port: server.port, matchID: matchID).0) }
                let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                _ = try await alice.login("Alice")
                let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                _ = try await bob.login("Bob")
                #expect(try await server.summary(of: matchID).players.count == 2, "both friends sat down in a match full of spectators")
                let stranger = TestClient.connect(port: server.port, matchID: matchID)
                #expect(try await stranger.closeCode(timeout: .seconds(5)) == 1013, "every seat is held now: no place is kept")
                for spectator in spectators { spectator.close() }
                _ = (alice, bob)
            }
        }

        @Test func test_matchesCreatedPerAddressPerMinute_overTheLimitAre429RateLimited_joiningIsNot() async throws {
            try await withTestServer(configure: { $0.matchesPerAddressPerMinute = 3 }) { server in
                var created: [String] = []
                for _ in 0..<2 { created.append(try await server.createMatch()) }
                #expect(try await HTTP.get(port: server.port, "/launchGame?gameId=ticTacToe").status == 303)
                // One limit for everything that ends in a new match: joining the queue counts too.
                for refused in [
                    try await HTTP.request(port: server.port, "/api/matches", method: .POST),
                    try await HTTP.get(port: server.port, "/launchGame?gameId=randomWin"),
                    try await HTTP.request(port: server.port, "/api/queue", method: .POST, body: "{}"),
                ] {
                    #expect(refused.status == 429)
                    guard case .success(let body) = ErrorBody.decode(refused.body) else {
                        Issue.record("not an error body: \(refused.body)")
                        continue
                    }
                    #expect(body.error.code == .rateLimited)
                    #expect(refused.headers.first(name: "X-Content-Type-Options") == "nosniff")
                }
                // Deep links into existing matches, and everything else, still work.
                #expect(try await HTTP.get(port: server.port, "/launchGame?gameId=ticTacToe&matchId=\(created[0])").status == 303)
                #expect(try await HTTP.get(port: server.port, "/api/matches/\(created[1])").status == 200)
                let (client, _) = try await TestClient.connected(port: server.port, matchID: created[0])
                client.close()
            }
        }

        // MARK: - Request bodies

        @Test func test_aRequestBodyOver16KiB_is413WithTheErrorBody_byLengthOrChunked_andNothingIsCreated() async throws {
            let store = InMemoryMatchStore()
            try await withTestServer(store: store) { server in
                let limit = ServerConfiguration().maxRequestBodySize
                #expect(limit == 16 * 1024)
                // At the limit: fine. The route reads its body (an empty one, or a request to play the
                // computer), so the body that fits is a readable one padded to the limit.
                let readable = #"{"opponent":"computer","level":"easy"}"#
                let fits = try await HTTP.request(
                    port: server.port, "/api/matches", method: .POST,
                    body: readable + String(repeating: " ", count: limit - readable.utf8.count))
                #expect(fits.status == 201)
                // Over it, with a Content-Length.
                let tooLong = try await HTTP.request(
                    port: server.port, "/api/matches", method: .POST, body: String(repeating: "a", count: limit + 1))
                Self.expectTooLarge(
                    status: tooLong.status, body: tooLong.body, contentTypeOptions: tooLong.headers.first(name: "X-Content-Type-Options"))
                // Over it, chunked (no length known in advance).
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/api/matches")
                request.method = .POST
                let chunks = (0..<20).map { _ in ByteBuffer(repeating: UInt8(ascii: "b"), count: 1024) }
                request.body = .stream(
                    AsyncStream { continuation in
                        chunks.forEach { continuation.yield($0) }
                        continuation.finish()
                    }, length: .unknown)
                let chunked = try await HTTP.client.execute(request, timeout: .seconds(10))
                let chunkedBody = String(buffer: try await chunked.body.collect(upTo: 1 << 20))
                Self.expectTooLarge(
                    status: Int(chunked.status.code), body: chunkedBody,
                    contentTypeOptions: chunked.headers.first(name: "X-Content-Type-Options"))
                // A huge declared length is refused before anything is read (the body never comes).
                let declared = try await RawHTTP.exchange(
                    port: server.port, method: "POST", path: "/api/matches", headers: [("Content-Length", "1000000000")]
                )
                Self.expectTooLarge(
                    status: declared.status, body: declared.body, contentTypeOptions: declared.header("X-Content-Type-Options"))
                // Only the match at the limit was created (read from the store: the lobby lists no match
                // against the computer).
                #expect(try await store.listSummaries(listedWithFreeSeat: false, limit: 50).count == 1)
            }
        }

        private static func expectTooLarge(status: Int, body: String, contentTypeOptions: String?) {
            #expect(status == 413)
            guard case .success(let error) = ErrorBody.decode(body) else {
                Issue.record("not an error body: \(body)")
                return
            }
            #expect(error.error.code == .badMessage)
            #expect(contentTypeOptions == "nosniff")
        }

        // MARK: - Close codes

        enum Offence: String, CaseIterable, Sendable {
            case binaryFrame, frameOver4096Bytes, messageOver4096BytesInFragments, invalidUTF8, invalidUTF8AcrossFragments, flood
        }

        @Test(arguments: Offence.allCases)
        func test_eachOffence_closesWithItsCode(_ offence: Offence) async throws {
            try await withTestServer { server in
                let matchID = try await server.createMatch()
                let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                let expected: Int
                switch offence {
                case .binaryFrame:
                    client.sendBinary(Array(#"{"type":"sync"}"#.utf8))
                    expected = 1003
                case .frameOver4096Bytes:
                    client.sendRaw(#"{"type":"sync","pad":""# + String(repeating: " ", count: 4100) + #""}"#)
                    expected = 1009
                case .messageOver4096BytesInFragments:
                    let half = Array(repeating: UInt8(ascii: " "), count: 2100)
                    client.sendFrame(opcode: .text, fin: false, Array(#"{"type":"sync","#.utf8) + half)
                    client.sendFrame(opcode: .continuation, fin: true, half + Array("}".utf8))
                    expected = 1009
                case .invalidUTF8:
                    client.sendFrame(opcode: .text, Array(#"{"type":"login","name":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
                    expected = 1007
                case .invalidUTF8AcrossFragments:
                    // Each fragment alone could start or end a character; together they are no UTF-8.
                    client.sendFrame(opcode: .text, fin: false, Array(#"{"type":"login","name":""#.utf8) + [0xE2, 0x82])
                    client.sendFrame(opcode: .continuation, fin: true, [0x28] + Array(#""}"#.utf8))
                    expected = 1007
                case .flood:
                    for _ in 0..<25 { client.send(.sync) }
                    #expect(try await client.nextError() == .rateLimited)
                    for _ in 0..<60 { client.send(.sync) }
                    expected = 1008
                }
                #expect(try await client.closeCode() == expected)
                // The others in the match carry on.
                let (other, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                other.send(.sync)
                _ = try await other.next { if case .welcome = $0 { true } else { false } }
            }
        }

        @Test func test_fragmentsThatJoinIntoAValidMessageUnder4096Bytes_areOneMessage() async throws {
            try await withTestServer { server in
                let matchID = try await server.createMatch()
                let (client, _) = try await TestClient.connected(port: server.port, matchID: matchID)
                // Cut inside the two bytes of "é".
                let bytes = Array(#"{"type":"login","name":"Zoé"}"#.utf8)
                let cut = bytes.firstIndex(of: 0xC3)! + 1
                client.sendFrame(opcode: .text, fin: false, Array(bytes[..<cut]))
                client.sendFrame(opcode: .continuation, fin: true, Array(bytes[cut...]))
                let seated = try await client.next { if case .seated = $0 { true } else { false } }
                guard case .seated(_, let name, _) = seated else {
                    Issue.record("expected .seated, got \(seated)")
                    return
                }
                #expect(name == "Zoé")
            }
        }

        // MARK: - Origin

        @Test func test_theOriginCheck_refusesForeignOrigins403_allowsTheSameHostAndConfiguredOrigins() async throws {
            try await withTestServer(configure: { $0.allowedOrigins = ["https://Games.Example.org/"] }) { server in
                let matchID = try await server.createMatch()
                let path = "/ws/\(matchID)"
                for foreign in [
                    "https://evil.example.com", "http://127.0.0.1.evil.com", "http://127.0.0.1@evil.com", "http://evil.com:127.0.0.1",
                    "null", "http://localhost:\(server.port)", "https://games.example.org.evil.com", "file://", "",
                ] {
                    let reply = try await RawHTTP.exchange(
                        port: server.port, path: path, headers: RawHTTP.upgradeHeaders + [("Origin", foreign)])
                    #expect(reply.status == 403, "Origin \(foreign)")
                    guard case .success(let body) = ErrorBody.decode(reply.body) else {
                        Issue.record("no error body for \(foreign): \(reply.body)")
                        continue
                    }
                    #expect(body.error.code == .badMessage)
                }
                for allowed in [
                    "http://127.0.0.1:\(server.port)", "https://127.0.0.1", "http://127.0.0.1:1", "https://games.example.org",
                    "HTTPS://GAMES.EXAMPLE.ORG", "https://games.example.org/",
                ] {
                    #expect(
                        try await RawHTTP.status(port: server.port, path: path, headers: RawHTTP.upgradeHeaders + [("Origin", allowed)])
                            == 101, "Origin \(allowed)")
                }
                #expect(
                    try await RawHTTP.status(port: server.port, path: path, headers: RawHTTP.upgradeHeaders) == 101,
                    "no Origin: not a browser")
            }
        }

        // MARK: - Headers and files

        @Test func test_securityHeaders_onPagesFilesAndErrors() async throws {
            try await withTestServer(configure: { $0.matchesPerAddressPerMinute = 1 }) { server in
                let matchID = try await server.createMatch()
                let paths = [
                    "/", "/m/\(matchID)", "/css/app.css", "/js/match.js", "/favicon.svg", "/m/AAAAAAAAAAAA", "/api/matches/AAAAAAAAAAAA",
                    "/no/such/file.js",
                ]
                var replies: [(String, HTTP.Reply)] = []
                for path in paths { replies.append((path, try await HTTP.get(port: server.port, path))) }
                replies.append(("429", try await HTTP.request(port: server.port, "/api/matches", method: .POST)))
                replies.append(
                    (
                        "413",
                        try await HTTP.request(
                            port: server.port, "/api/matches", method: .POST, body: String(repeating: "x", count: 20_000))
                    ))
                #expect(replies.map(\.1.status) == [200, 200, 200, 200, 200, 404, 404, 404, 429, 413])
                for (path, reply) in replies {
                    let policy = reply.headers.first(name: "Content-Security-Policy") ?? ""
                    let directives = Dictionary(
                        policy.split(separator: ";").map { directive in
                            let words = directive.split(separator: " ")
                            return (String(words.first ?? ""), words.dropFirst().map(String.init))
                        }, uniquingKeysWith: { first, _ in first })
                    #expect(directives["script-src"] == ["'self'"], "\(path): \(policy)")
                    #expect(directives["connect-src"] == ["'self'"], "\(path): \(policy)")
                    #expect(directives["default-src"] == ["'self'"], "\(path): \(policy)")
                    #expect(!policy.contains("unsafe"), "\(path): \(policy)")
                    #expect(reply.headers.first(name: "X-Content-Type-Options") == "nosniff", "\(path)")
                    #expect(reply.headers.first(name: "Referrer-Policy") == "no-referrer", "\(path)")
                }
            }
        }

        @Test func test_pathTraversal_neverServesAFileOutsideThePublicFolder() async throws {
            try await withTestServer { server in
                let attempts = [
                    "/../Package.swift", "/%2e%2e/Package.swift", "/%2E%2E/Package.swift", "/css/../../Package.swift",
                    "/css/%2e%2e/%2e%2e/Package.swift", "/..%2fPackage.swift", "/%2e%2e%2fPackage.swift", "/css/..%2f..%2fPackage.swift",
                    "/css%2f..%2f..%2fPackage.swift", "/..%5cPackage.swift", "/..\\Package.swift", "/css/..%5c..%5cPackage.swift",
                    "/%252e%252e/Package.swift", "/.%2e/Package.swift", "/%2e./Package.swift", "/css/.%2e/.%2e/Package.swift",
                    "/..;/Package.swift", "/%c0%ae%c0%ae/Package.swift", "/css/../../../../../../../../work/main/Package.swift",
                    "//../Package.swift", "/./../Package.swift", "/%00/../Package.swift", "/css/app.css/../../../Package.swift",
                    "/../Public/../Package.swift", "/....//Package.swift", "/..%00/Package.swift", "/%2e%2e/%2e%2e/etc/passwd",
                    "/../../../../../../etc/passwd", "/ws/../../Package.swift", "/m/../../Package.swift",
                ]
                for path in attempts {
                    let reply = try await RawHTTP.exchange(port: server.port, path: path, headers: [("Connection", "close")])
                    #expect(!reply.body.contains("swift-tools-version"), "\(path) served Package.swift")
                    #expect(!reply.body.contains("root:x:0:0"), "\(path) served /etc/passwd")
                    #expect(
                        reply.status != 200 || reply.body.contains("<!doctype html") || reply.body.contains("<!DOCTYPE html"),
                        "\(path): \(reply.status)")
                }
                // The real files are served.
                #expect(
                    try await RawHTTP.exchange(port: server.port, path: "/css/app.css", headers: [("Connection", "close")]).status == 200)
            }
        }

        @Test func test_encodedControlCharacterInPath_is400BadMessage_neverAFileUnderAnotherType() async throws {
            try await withTestServer { server in
                let attempts = [
                    "/css/app.css%00.html", "/css/app.css%00", "/favicon.svg%00.html", "/js/match.js%00.html", "/%00",
                    "/css/app.css%0a.html",
                    "/css/app.css%0d%0a.html", "/css/app.css%7f.html", "/css/app.css%c2%85.html", "/api/matches%00", "/m/AAAAAAAAAAAA%00",
                ]
                for path in attempts {
                    let reply = try await RawHTTP.exchange(port: server.port, path: path, headers: [("Connection", "close")])
                    #expect(reply.status == 400, "\(path): \(reply.status)")
                    #expect(reply.body.contains(#""code":"badMessage""#), "\(path): \(reply.body)")
                    #expect(!reply.body.contains("color-scheme"), "\(path) served the CSS")
                }
                let css = try await RawHTTP.exchange(port: server.port, path: "/css/app.css", headers: [("Connection", "close")])
                #expect(css.status == 200)
                #expect(css.header("Content-Type")?.hasPrefix("text/css") == true)
            }
        }
    }
}
