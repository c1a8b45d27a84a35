import Foundation
import GRDB
import GridGames
import MatchWords
import SQLiteStore
import Testing
import TicTacToe
import WireProtocol

/// A store file written by the previous release (`Fixtures/previous-release-format-1.sqlite`, described in
/// `Fixtures/README.md`) opens in this release, and its matches come back by replay as they were left:
/// seats, names, tokens, scores, the board of the game in progress and whose turn it is.
@Suite("A database of the previous release")
struct PreviousReleaseTests {
    struct StoryMatch {
        let id: String
        let aliceToken: String
        let bobToken: String
        let score: WireScore
    }

    /// The two runs' long matches: a game in progress where Bob played (1,1), Alice (2,0), Bob to move.
    static let stories = [
        StoryMatch(
            id: "OTAjf0bnRfyf", aliceToken: "txPGoZyfHjYG_mIYwXKfdNiw2g481sKcOp7W2jZLafI",
            bobToken: "iBl8n5427xpKPhxdSz0mUZPfPTUICS6-nx0yi5YIQkQ",
            score: WireScore(player1: .init(name: "Alice", wins: 1), player2: .init(name: "Bob", wins: 1), draws: 1)
        ),
        StoryMatch(
            id: "CvSsHHUEMlvR", aliceToken: "UeJ5da91cvTK6QafoevYsgUqYeDe5FPesEZmQSRKjUQ",
            bobToken: "Qfs5hQQiEha9d5AEWuWFOP2Adm_cTyz5erllWIVYXQ0",
            score: WireScore(player1: .init(name: "Alice", wins: 2), player2: .init(name: "Bob", wins: 0), draws: 1)
        ),
    ]

    @Test func test_theMatchesInProgress_comeBackWithTheirBoardScoreAndSeats_andPlayOn() async throws {
        try await withPreviousReleaseServer { server in
            for story in Self.stories {
                let (bob, welcome) = try await TestClient.connected(port: server.port, matchID: story.id)
                guard case .welcome(_, let snapshot, _) = welcome else {
                    Issue.record("no welcome")
                    return
                }
                #expect(snapshot.phase == .ticTacToe)
                #expect(snapshot.players.map(\.name) == ["Alice", "Bob"])
                #expect(snapshot.score == story.score)
                var cells = [WireSeat?](repeating: nil, count: 9)
                cells[4] = .player2
                cells[6] = .player1
                #expect(snapshot.board == WireBoard(cells: cells, turn: .player2, last: WireMove(row: 2, col: 0, seat: .player1)))

                bob.send(.resume(token: story.bobToken))
                let seated = try await bob.next { if case .seated = $0 { true } else { false } }
                #expect(seated == .seated(seat: .player2, name: "Bob", token: story.bobToken))
                let (alice, _) = try await TestClient.connected(port: server.port, matchID: story.id)
                alice.send(.resume(token: story.aliceToken))
                _ = try await alice.next { if case .seated = $0 { true } else { false } }
                bob.send(.move(row: 0, col: 0))
                #expect(try await alice.nextBoard().last == WireMove(row: 0, col: 0, seat: .player2))
            }
        }
    }

    @Test func test_theOtherMatches_comeBackAsTheyWereLeft() async throws {
        try await withPreviousReleaseServer { server in
            for id in ["JnY1NQvulPB7", "gwcbzoGpbloZ"] {
                let summary = try await server.summary(of: id)
                #expect(summary.phase == .loggedOut)
                #expect(summary.players.map(\.name) == [#"Ann "the" 🏗"#])
                let (_, welcome) = try await TestClient.connected(port: server.port, matchID: id)
                guard case .welcome(_, let snapshot, _) = welcome else {
                    Issue.record("no welcome")
                    return
                }
                #expect(snapshot.phase == .loggedOut)
                #expect(snapshot.players.map(\.seat) == [.player1])
            }
            for id in ["CZBO8_I8n6Ea", "MV-T3MxJvlXA"] {
                let (_, welcome) = try await TestClient.connected(port: server.port, matchID: id)
                guard case .welcome(_, let snapshot, _) = welcome else {
                    Issue.record("no welcome")
                    return
                }
                #expect(snapshot.players.map(\.name) == ["Cleo"])
            }
            for id in ["shlA5NMe2iay", "A7jYpSejad4B"] {
                let summary = try await server.summary(of: id)
                #expect(summary.players.isEmpty)
                #expect(summary.phase == .loggedOut)
            }
            let list = try await HTTP.get(port: server.port, "/api/matches")
            guard case .success(let open) = MatchList.decode(list.body) else {
                Issue.record("list")
                return
            }
            // Matches made before a match could be listed were made without asking: private now.
            #expect(open.matches.isEmpty)
        }
    }

    /// Runs `body` against a server on a copy of the fixture (the fixture itself is never written).
    private func withPreviousReleaseServer(_ body: (TestServer) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("previous-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixturePath, toPath: path)
        try await withTestServer(configure: { $0.databasePath = path }, body)
        let version = try await DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        // Migrated (v3: every match private, since none was listed) and stamped with this release's format.
        #expect(version == StoredFormat.current, "the file is stamped with the format it was migrated to")
    }

    static var fixturePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/previous-release-format-1.sqlite").path
    }
}
