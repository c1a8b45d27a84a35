import Foundation
import MatchWords
import Testing
import WireProtocol

/// Issue 40, item 3: a match knows the game it was made for. `POST /api/matches` takes `gameId` (a
/// game the server offers, else `400` `unknownGame`), the summaries and the snapshot give it back, and
/// the game starts as soon as the pair is seated; stored, so a restart keeps it. The lobby's row also
/// says since when its one player waits (`waitingSince`).
@Suite("A match made for a game")
struct MatchGameIdTests {
    static func created(_ body: String, on server: TestServer) async throws -> String {
        let reply = try await server.postMatch(body: body)
        guard reply.status == 201, case .success(let created) = CreatedMatch.decode(reply.body) else {
            throw HTTP.Failure(description: "create failed: \(reply.status) \(reply.body)")
        }
        return created.matchId
    }

    @Test func test_aMatchMadeForKalah_saysSoInTheSummariesAndTheSnapshot_andStartsItOnceThePairIsSeated() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("game-id-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let matchID = try await withTestServer(configure: { $0.databasePath = path }) { server in
            let matchID = try await Self.created(#"{"gameId":"kalah","listed":true}"#, on: server)
            #expect(try await server.summary(of: matchID).gameId == "kalah")
            let (alice, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "\(welcome)") }
            #expect(snapshot.gameId == "kalah")
            #expect(snapshot.phase == .loggedOut)
            _ = try await alice.login("Alice")
            // The lobby's row names the game while Alice waits in it.
            let lobby = try await HTTP.get(port: server.port, "/api/matches")
            guard case .success(let list) = MatchList.decode(lobby.body) else { throw HTTP.Failure(description: lobby.body) }
            let row = list.matches.first { $0.matchId == matchID }
            #expect(row?.gameId == "kalah", "\(lobby.body)")
            // And since when Alice waits: she sat down a moment ago.
            let since = try #require(
                row?.waitingSince.flatMap { try? Date($0, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) },
                "\(lobby.body)")
            #expect(abs(since.timeIntervalSinceNow) < 60, "\(since)")

            let (bob, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await bob.login("Bob")
            // Seated: Kalah starts with nobody pressing start.
            try await alice.nextScreen(.kalah)
            try await bob.nextScreen(.kalah)
            #expect(try await server.summary(of: matchID).waitingSince == nil, "nobody waits in a full match")
            return matchID
        }
        try await withTestServer(configure: { $0.databasePath = path }) { server in
            #expect(try await server.summary(of: matchID).gameId == "kalah", "stored")
            let (_, welcome) = try await TestClient.connected(port: server.port, matchID: matchID)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "\(welcome)") }
            #expect(snapshot.gameId == "kalah")
        }
    }

    @Test func test_aGameTheServerDoesNotOffer_isRefused400UnknownGame_andNothingIsCreated() async throws {
        try await withTestServer { server in
            for body in [#"{"gameId":"chess"}"#, #"{"gameId":""}"#, #"{"gameId":"Kalah"}"#] {
                let reply = try await server.postMatch(body: body)
                #expect(reply.status == 400, "\(body)")
                guard case .success(let error) = ErrorBody.decode(reply.body) else {
                    Issue.record("not an error body: \(reply.body)")
                    continue
                }
                #expect(error.error.code == .unknownGame, "\(body)")
                #expect(error.error.message.contains("connectFour"), "names the games: \(error.error.message)")
            }
            let reply = try await server.postMatch(body: #"{"gameId":7}"#)
            #expect(reply.status == 400, "a gameId that is no string: \(reply.body)")
            let list = try await HTTP.get(port: server.port, "/api/matches")
            #expect(list.body == #"{"matches":[]}"#, "nothing was created")
        }
    }

    @Test func test_withoutAGameId_nothingIsNamed_andTheDeepLinksLaunchNamesTheGame() async throws {
        try await withTestServer { server in
            let plain = try await Self.created(#"{"listed":true}"#, on: server)
            #expect(try await server.summary(of: plain).gameId == nil)
            let (alice, welcome) = try await TestClient.connected(port: server.port, matchID: plain)
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "\(welcome)") }
            #expect(snapshot.gameId == nil)
            // What the page does for `?gameId=connectFour`: the first game asked for is the match's.
            alice.send(.launchGame(gameId: "connectFour"))
            _ = try await alice.login("Alice")
            #expect(try await server.summary(of: plain).gameId == "connectFour")
        }
    }

    @Test func test_againstTheComputer_theGameStartsAsSoonAsThePlayerSits() async throws {
        try await withTestServer(configure: { $0.computerDelay = .zero }) { server in
            let matchID = try await Self.created(#"{"opponent":"computer","level":"easy","gameId":"connectFour"}"#, on: server)
            #expect(try await server.summary(of: matchID).gameId == "connectFour")
            let (alice, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            _ = try await alice.login("Alice")
            try await alice.nextScreen(.connectFour)
        }
    }
}
