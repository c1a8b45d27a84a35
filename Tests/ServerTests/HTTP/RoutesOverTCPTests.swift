import Foundation
import MatchWords
import Testing
import WireProtocol
import VirtualTime

/// The lobby's list over a real socket, as players taking seats change it (the routes' and pages'
/// answers on their own are checked without a socket: RoutesWithoutASocketTests.swift).
@Suite("HTTP routes")
struct HTTPRouteTests {
    @Test func test_createListAndSummary() async throws {
        try await withTestServer { server in
            let created = try await HTTP.request(port: server.port, "/api/matches", method: .POST, body: #"{"listed":true}"#)
            #expect(created.status == 201)
            guard case .success(let body) = CreatedMatch.decode(created.body) else {
                Issue.record("\(created.body)")
                return
            }
            #expect(created.headers.first(name: "Location") == "/m/\(body.matchId)")
            #expect(body.url == "/m/\(body.matchId)")
            #expect(body.matchId.count >= 10)
            // Listed, but nobody waits in it yet; a private match with its creator waiting.
            #expect(try await lobby(server).isEmpty)
            let secret = try await server.createMatch()
            let (hidden, _) = try await TestClient.connected(port: server.port, matchID: secret)
            _ = try await hidden.login("Hidden")

            let (creator, _) = try await TestClient.connected(port: server.port, matchID: body.matchId)
            let (_, annToken) = try await creator.login("Ann")
            #expect(try await eventually { try await lobby(server).map(\.matchId) == [body.matchId] })
            let listed = try await lobby(server)
            #expect(listed.first?.score == nil)
            #expect(listed.first?.phase == .loggedOut)
            #expect(listed.first?.players.map(\.name) == ["Ann"])

            // The creator's last connection closes: the match leaves the lobby (nobody would be met there).
            creator.close()
            #expect(try await eventually { try await lobby(server).isEmpty })

            // Back, then a friend completes the pair: full, so not listed either.
            let (back, _) = try await TestClient.connected(port: server.port, matchID: body.matchId)
            _ = try await back.resume(annToken).seated()
            #expect(try await eventually { try await lobby(server).map(\.matchId) == [body.matchId] })
            let (friend, _) = try await TestClient.connected(port: server.port, matchID: body.matchId)
            _ = try await friend.login("Bob")
            #expect(try await eventually { try await lobby(server).isEmpty })
        }
    }

    @Test func test_aListedMatchAgainstTheComputer_orALevelAlone_isRefused() async throws {
        try await withTestServer { server in
            for body in [
                #"{"listed":true,"opponent":"computer","level":"easy"}"#, #"{"level":"easy"}"#, #"{"listed":"yes"}"#,
            ] {
                let answer = try await HTTP.request(port: server.port, "/api/matches", method: .POST, body: body)
                #expect(answer.status == 400, "\(body)")
                #expect(answer.body.contains(#""code":"badMessage""#), "\(answer.body)")
            }
            let refused = try await HTTP.request(
                port: server.port, "/api/matches", method: .POST, body: #"{"listed":true,"opponent":"computer","level":"easy"}"#)
            #expect(refused.body.contains("never listed"), "\(refused.body)")
            let mistyped = try await HTTP.request(port: server.port, "/api/matches", method: .POST, body: #"{"listed":"yes"}"#)
            #expect(mistyped.body.contains("true or false"), "\(mistyped.body)")
            #expect(try await lobby(server).isEmpty)
        }
    }

    private func lobby(_ server: TestServer) async throws -> [MatchSummary] {
        let list = try await HTTP.get(port: server.port, "/api/matches")
        guard case .success(let matches) = MatchList.decode(list.body) else { throw HTTP.Failure(description: list.body) }
        return matches.matches
    }
}
