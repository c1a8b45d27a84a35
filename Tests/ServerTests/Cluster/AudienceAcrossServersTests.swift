import Foundation
import GridGames
import MatchWords
import Testing
import WireProtocol

/// The audience of a match over several servers (issue 31): a watch-only connection to a server that
/// does not host the match is relayed from its host through PostgreSQL, and never moves the match.
/// Runs where `TICTACTOE_TEST_POSTGRES_URL` is set (scripts/test.sh starts a private PostgreSQL).
@Suite(
    "An audience over several servers",
    .enabled(
        if: TwoServersTests.databaseURL != nil, "TICTACTOE_TEST_POSTGRES_URL is not set: these tests need a PostgreSQL server")
)
struct AudienceAcrossServersTests {
    private func withTwoServers(_ body: (TestServer, TestServer) async throws -> Void) async throws {
        let url = try #require(TwoServersTests.databaseURL)
        try await withTestServer(configure: { $0.databasePath = url }) { first in
            try await withTestServer(configure: { $0.databasePath = url }) { second in
                try await body(first, second)
            }
        }
    }

    /// Everything `client` received, in order, with the versions of broadcasts checked: each after a
    /// welcome continues from it, one by one.
    private static func expectConsecutiveVersions(_ client: TestClient, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var last: Int?
        for message in try client.received() {
            guard let v = message.version else { continue }
            if case .welcome = message {
                last = v
            } else {
                #expect(
                    last.map { v == $0 + 1 } ?? false, "version \(v) after \(last.map(String.init) ?? "nothing")",
                    sourceLocation: sourceLocation)
                last = v
            }
        }
    }

    /// Reads `client`'s messages until a `presence` (or welcome) counts `spectators`.
    private static func waitForSpectators(_ spectators: Int, on client: TestClient) async throws {
        _ = try await client.next(timeout: .seconds(3)) { message in
            switch message {
            case .presence(_, let count, _): count == spectators
            case .welcome(_, let snapshot, _): snapshot.spectators == spectators
            default: false
            }
        }
    }

    @Test func test_aWatcherOnAnotherServer_seesEveryMoveInOrder_isCountedByThePlayers_andNeverMovesTheMatch() async throws {
        try await withTwoServers { first, second in
            let (matchID, pair) = try await TwoServersTests.pairWithAMovePlayed(on: first)

            let (watcher, welcome) = try await TestClient.connected(port: second.port, matchID: "\(matchID)?watch=1")
            guard case .welcome(let you, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome: \(welcome)") }
            #expect(you == nil)
            #expect(snapshot.board?.cells[4] == .player1, "the stored move, before the host is heard")
            // The players hear of the spectator on the other server (counts within 2 s).
            try await Self.waitForSpectators(1, on: pair.alice)

            // Moves reach the watcher in order; nobody was closed 1012: the match stayed where it was.
            for (index, move) in [(0, 0), (2, 2), (0, 2)].enumerated() {
                let player = index.isMultiple(of: 2) ? pair.bob : pair.alice
                player.send(.move(row: move.0, col: move.1))
                let seat: WireSeat = index.isMultiple(of: 2) ? .player2 : .player1
                _ = try await watcher.nextBoard(last: WireMove(row: move.0, col: move.1, seat: seat))
            }
            try Self.expectConsecutiveVersions(watcher)
            #expect(try pair.alice.received().allSatisfy { if case .error = $0 { false } else { true } })
            #expect(try await first.summary(of: matchID).spectators == 1, "the host counts the relayed spectator")
            #expect(try await first.summary(of: matchID).players.map(\.connected) == [true, true], "the host still holds the players")

            watcher.close()
            try await Self.waitForSpectators(0, on: pair.alice)
        }
    }

    @Test func test_aRelayedWatcher_isAnsweredAsTheHostAnswersAWatcher() async throws {
        try await withTwoServers { first, second in
            let matchID = try await first.createMatch()
            let pair = try await first.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: second.port, matchID: "\(matchID)?watch=1")
            watcher.send(.login(name: "Mallory"))
            #expect(try await watcher.nextError() == .watchOnly)
            watcher.send(.resume(token: pair.aliceToken))
            #expect(try await watcher.nextError() == .watchOnly, "even with a good token")
            watcher.send(.launchGame(gameId: "ticTacToe"))
            #expect(try await watcher.nextError() == .watchOnly)
            watcher.send(.startGame(gameId: "ticTacToe"))
            #expect(try await watcher.nextError() == .notSeated)
            watcher.send(.chat(phrase: "hello"))
            #expect(try await watcher.nextError() == .notSeated)
            watcher.sendRaw("{\"type\":\"dance\"}")
            #expect(try await watcher.nextError() == .badMessage)
            watcher.send(.sync)
            let resynced = try await watcher.next { $0.type == "welcome" }
            #expect(resynced.version != nil)
            #expect(try await first.summary(of: matchID).players.count == 2, "nothing changed")
        }
    }

    @Test func test_whenTheMatchMovesToTheRelayingServer_itsWatcherSkipsToTheNewHostsWelcome_andPlaysOn() async throws {
        try await withTwoServers { first, second in
            let (matchID, pair) = try await TwoServersTests.pairWithAMovePlayed(on: first)
            let (watcher, _) = try await TestClient.connected(port: second.port, matchID: "\(matchID)?watch=1")
            try await Self.waitForSpectators(1, on: pair.alice)

            // The players move to the second server (as after a failover): it takes the match over.
            let back = try await pair.resumed(port: second.port, matchID: matchID)
            back.bob.send(.move(row: 0, col: 0))
            // As a board, or in the new host's welcome when the move came before the host heard of the
            // relay (what it told before that reaches the relay only as its next welcome).
            let bobsMove = WireMove(row: 0, col: 0, seat: .player2)
            _ = try await watcher.next { message in
                switch message {
                case .board(let board, _): board.last == bobsMove
                case .welcome(_, let snapshot, _): snapshot.board?.last == bobsMove
                default: false
                }
            }
            try Self.expectConsecutiveVersions(watcher)
            let welcomes = try watcher.received().count { $0.type == "welcome" }
            #expect(welcomes >= 2, "the new host's welcome replaced the old one's story")
        }
    }

    @Test func test_aWatchOnlyConnectionToAMatchHostedNowhere_isServedFromTheStore_withoutLoadingIt() async throws {
        try await withTwoServers { first, second in
            let matchID = try await first.createMatch()
            let (watcher, welcome) = try await TestClient.connected(port: second.port, matchID: "\(matchID)?watch=1")
            guard case .welcome(_, let snapshot, _) = welcome else { throw HTTP.Failure(description: "no welcome") }
            #expect(snapshot.phase == .loggedOut)
            // The first server still hosts it: a player there sits down and the watcher sees it.
            let alice = try await TestClient.connected(port: first.port, matchID: matchID).0
            alice.send(.login(name: "Alice"))
            _ = try await alice.next { $0.type == "seated" }
            _ = try await watcher.next {
                if case .presence(let players, _, _) = $0 { players.map(\.name) == ["Alice"] } else { false }
            }
            #expect(try alice.received().allSatisfy { $0.type != "error" })
            let unknown = try await HTTP.get(port: second.port, "/ws/AAAAAAAAAAAA?watch=1")
            #expect(unknown.status == 404)
        }
    }
}
