import AllGames
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MatchWords
import Testing
import TicTacToe
import WireProtocol

@testable import Server

/// The HTTP routes through Hummingbird's test client, without a socket: `buildRouter` with an
/// in-memory store, the server marked ready as its lifecycle service does once started.
@Suite("HTTP routes without a socket")
struct HTTPRouterTests {
    private func withRouter(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var configuration = ServerConfiguration()
        configuration.databasePath = ":memory:"
        configuration.publicDirectory = TestServer.publicDirectory
        var logger = Logger(label: "router-test")
        logger.logLevel = .critical
        let context = try await ServerContext(
            configuration: configuration, games: .standard, metricsRegistry: .init(), clock: .continuous, logger: logger)
        context.state.set(.ready)
        let app = Application(router: buildRouter(context), logger: logger)
        try await app.test(.router, test)
    }

    @Test func test_healthz_answersOk_withTheSecurityHeaders() async throws {
        try await withRouter { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
                #expect(response.headers[.contentSecurityPolicy] == Self.contentSecurityPolicy)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test func test_postMatches_createsOne_thatTheSummaryAndTheListShow() async throws {
        try await withRouter { client in
            let created = try await client.execute(uri: "/api/matches", method: .post) { response in
                #expect(response.status == .created)
                return try #require(try? CreatedMatch.decode(String(buffer: response.body)).get())
            }
            try await client.execute(uri: "/api/matches/\(created.matchId)", method: .get) { response in
                #expect(response.status == .ok)
                let summary = try? MatchSummary.decode(String(buffer: response.body)).get()
                #expect(summary?.matchId == created.matchId)
                #expect(summary?.phase == .loggedOut)
            }
            // Private unless its creator asks: the lobby does not list it.
            try await client.execute(uri: "/api/matches", method: .get) { response in
                let list = try? MatchList.decode(String(buffer: response.body)).get()
                #expect(list?.matches.map(\.matchId) == [])
            }
        }
    }

    @Test func test_anUnknownMatch_answers404_withTheErrorBody_andThePageWithThe404Page() async throws {
        try await withRouter { client in
            try await client.execute(uri: "/api/matches/AAAAAAAAAAAA", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains(#""code":"matchNotFound""#))
            }
            try await client.execute(uri: "/m/AAAAAAAAAAAA", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            }
        }
    }

    @Test func test_theLobbyAndAMatchsPage_areServed_withTheSecurityHeaders() async throws {
        try await withRouter { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(response.headers[.contentSecurityPolicy] == Self.contentSecurityPolicy)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.referrerPolicy] == "no-referrer")
            }
            let created = try await client.execute(uri: "/api/matches", method: .post) { response in
                try #require(try? CreatedMatch.decode(String(buffer: response.body)).get())
            }
            try await client.execute(uri: "/m/\(created.matchId)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(response.headers[.contentSecurityPolicy] == Self.contentSecurityPolicy)
            }
        }
    }

    @Test func test_launchGame_withoutAKnownGame_answers400_andWithOne_redirectsToANewMatch() async throws {
        try await withRouter { client in
            try await client.execute(uri: "/launchGame?gameId=chess", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains(#""code":"unknownGame""#))
            }
            try await client.execute(uri: "/launchGame?gameId=ticTacToe", method: .get) { response in
                #expect(response.status == .seeOther)
                let location = try #require(response.headers[.location])
                #expect(location.hasPrefix("/m/") && location.hasSuffix("?gameId=ticTacToe"))
            }
        }
    }

    @Test func test_launchGame_withoutAKnownGame_answersTheLobbyPage_whenTheRequestPrefersHTML() async throws {
        let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
        try await withRouter { client in
            for uri in ["/launchGame?gameId=chess", "/launchGame"] {
                try await client.execute(uri: uri, method: .get, headers: [.accept: browser]) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                    #expect(String(buffer: response.body).contains(#"data-testid="create-match""#))
                }
            }
            for accept in ["application/json", "*/*", "application/json, text/html;q=0.5"] {
                try await client.execute(uri: "/launchGame?gameId=chess", method: .get, headers: [.accept: accept]) { response in
                    #expect(response.status == .badRequest)
                    #expect(String(buffer: response.body).contains(#""code":"unknownGame""#))
                }
            }
        }
    }

    /// The installable app (README, "The page"): its manifest, worker and icons with their types, and every
    /// page and file answered `no-cache`, so that a browser revalidates (ETag) and a new release shows on the next load.
    @Test func test_theAppsFiles_areServedWithTheirTypes_andRevalidatedOnEveryLoad() async throws {
        let types = [
            "/manifest.webmanifest": "application/manifest+json", "/sw.js": "text/javascript", "/js/pwa.js": "text/javascript",
            "/css/pwa.css": "text/css", "/icons/icon-192.png": "image/png", "/icons/icon-512.png": "image/png",
            "/icons/icon-maskable-512.png": "image/png",
        ]
        try await withRouter { client in
            for (uri, type) in types {
                let eTag = try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(uri): \(response.headers[.contentType] ?? "-")")
                    #expect(response.headers[.cacheControl] == "no-cache", "\(uri)")
                    #expect(response.headers[.contentSecurityPolicy] == Self.contentSecurityPolicy, "\(uri)")
                    return try #require(response.headers[.eTag], "\(uri)")
                }
                try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: eTag]) { response in
                    #expect(response.status == .notModified, "\(uri)")
                }
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[.cacheControl] == "no-cache")
            }
        }
    }

    @Test func test_acceptPreference_ranksTheMostSpecificRange() {
        #expect(AcceptPreference.prefersHTML("text/html"))
        #expect(AcceptPreference.prefersHTML("text/*, application/json;q=0.5"))
        #expect(!AcceptPreference.prefersHTML(nil))
        #expect(!AcceptPreference.prefersHTML("*/*"))
        #expect(!AcceptPreference.prefersHTML("text/html;q=0.5, application/json"))
        #expect(!AcceptPreference.prefersHTML("text/html;q=0, */*"))
    }

    /// The policy every answer carries, as browsers read it.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
}
