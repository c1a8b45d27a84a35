import Foundation
import MatchWords
import Testing
import WireProtocol

/// The lobby's list over a real socket, as players taking seats change it (the routes' and pages'
/// answers on their own are checked without a socket: RoutesWithoutASocketTests.swift).
@Suite("HTTP routes")
struct HTTPRouteTests {
    @Test func test_createListAndSummary() async throws {
        try await withTestServer { server in
            let created = try await HTTP.request(port: server.port, "/api/matches", method: .POST)
            #expect(created.status == 201)
            guard case .success(let body) = CreatedMatch.decode(created.body) else {
                Issue.record("\(created.body)")
                return
            }
            #expect(created.headers.first(name: "Location") == "/m/\(body.matchId)")
            #expect(body.url == "/m/\(body.matchId)")
            #expect(body.matchId.count >= 10)
            let newer = try await server.createMatch()
            let list = try await HTTP.get(port: server.port, "/api/matches")
            guard case .success(let matches) = MatchList.decode(list.body) else {
                Issue.record("\(list.body)")
                return
            }
            #expect(matches.matches.map(\.matchId) == [newer, body.matchId])
            #expect(matches.matches.first?.score == nil)
            #expect(matches.matches.first?.phase == .loggedOut)

            let pair = try await server.seatedPair(matchID: newer)
            _ = pair
            let full = try await HTTP.get(port: server.port, "/api/matches")
            guard case .success(let open) = MatchList.decode(full.body) else { return }
            #expect(open.matches.map(\.matchId) == [body.matchId])
        }
    }
}
