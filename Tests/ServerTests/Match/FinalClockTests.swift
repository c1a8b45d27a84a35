import Foundation
import MatchWords
import Testing
import TicTacToe
import VirtualTime
import WireProtocol

/// Issue 40, item 2: a finished game's final clocks are those of the moment it ended, the running clock
/// charged up to then, for every ending; `gameOver` carries them, and the snapshot's
/// `lastGame.board.clock` gives the very same figures, on a fresh connection and after a restart of the
/// server on the same SQLite file (the stored log replays to them). On a test clock (`VirtualTime`).
@Suite("Final clocks")
struct FinalClockTests {
    /// How a game is ended, once both sides have moved and Alice's clock has run `thinking`.
    enum Ending: String, CaseIterable, Sendable {
        case line, time, claim, resign, drawAgreed
    }

    /// Alice's time on her turn before the ending (for `time`, her whole clock, and a tick more).
    static let thinking = Duration.milliseconds(1_700)

    /// Starts Tic Tac Toe at 60+2 (10+0 for `time`), both sides make their free first moves, then
    /// Alice's clock runs: the ending `ending` after `thinking` (Bob's, for a claim: he is away).
    /// Returns `gameOver`'s clock.
    static func play(to ending: Ending, pair: SeatedPair, watcher: TestClient, time: VirtualTime) async throws -> WireValue? {
        pair.alice.send(.startGame(gameId: "ticTacToe"))
        _ = try await watcher.nextBoard()
        pair.alice.send(.move(row: 1, col: 1))
        _ = try await watcher.nextBoard()
        pair.bob.send(.move(row: 0, col: 0))
        let running = try #require(ClockTests.Clock(try await watcher.nextBoard()))
        #expect(running.running == .player1, "both have moved: Alice's clock runs")
        switch ending {
        case .line:
            await time.advance(by: thinking)
            pair.alice.send(.move(row: 0, col: 1))
            _ = try await watcher.nextBoard()
            pair.bob.send(.move(row: 2, col: 2))
            _ = try await watcher.nextBoard()
            await time.advance(by: thinking)
            pair.alice.send(.move(row: 2, col: 1))
        case .time:
            await time.advance(by: .milliseconds(10_030))
        case .claim:
            // Alice moves; Bob, on his turn, goes away past the claim grace.
            pair.alice.send(.move(row: 0, col: 1))
            _ = try await watcher.nextBoard()
            pair.bob.close()
            _ = try await watcher.syncUntilAway(.player2)
            await time.advance(by: .seconds(21))
            pair.alice.send(.claimWin)
        case .resign:
            await time.advance(by: thinking)
            pair.alice.send(.resign)
        case .drawAgreed:
            await time.advance(by: thinking)
            pair.alice.send(.offerDraw)
            _ = try await watcher.next { $0.type == "drawOffered" }
            pair.bob.send(.acceptDraw)
        }
        let over = try await watcher.next { $0.type == "gameOver" }
        guard case .gameOver(_, _, let reason, _, let clock, _) = over else { return nil }
        let expectedReason = ["line": "line", "time": "time", "claim": "claimed", "resign": "resigned", "drawAgreed": "drawAgreed"]
        #expect(reason == expectedReason[ending.rawValue])
        try await watcher.nextScreen(.offGame)
        return clock
    }

    /// The snapshot's `lastGame.board.clock` on a new connection.
    static func lastGameClock(port: Int, matchID: String) async throws -> WireValue? {
        let (client, welcome) = try await TestClient.connected(port: port, matchID: matchID)
        defer { client.close() }
        guard case .welcome(_, let snapshot, _) = welcome else { return nil }
        return snapshot.lastGame?.board?.fields["clock"]
    }

    @Test(arguments: Ending.allCases)
    func test_gameOversClock_isTheSnapshotsLastGameClock_andSoAfterARestart(ending: Ending) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("final-clocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let time = VirtualTime()
        let clock = ending == .time ? #"{"initial":10,"increment":0}"# : #"{"initial":60,"increment":2}"#
        let (matchID, told): (String, WireValue?) = try await withTestServer(time: time, configure: { $0.databasePath = path }) { server in
            let matchID = try await ClockTests.clockedMatch(clock, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            let told = try await Self.play(to: ending, pair: pair, watcher: watcher, time: time)
            let fresh = try await Self.lastGameClock(port: server.port, matchID: matchID)
            #expect(fresh == told, "a fresh connection")
            return (matchID, told)
        }
        let toldClock = try #require(told)
        let final = try #require(ClockTests.Clock(WireBoard(fields: ["clock": toldClock])))
        #expect(final.running == nil)
        let thought = Double(Self.thinking.components.seconds) + Double(Self.thinking.components.attoseconds) / 1e18
        switch ending {
        case .line:
            // Two charged moves of Alice's, each with the increment; Bob's moves were both quick.
            #expect(ClockTests.same(final.player1, 60 - 2 * thought + 2 * 2), "\(final)")
            #expect(final.player2 == 62, "\(final)")
        case .time:
            #expect(final.player1 == 0 && final.player2 == 10, "\(final)")
        case .claim:
            // Bob's clock ran from his turn to the claim, 21 s later.
            #expect(final.player1 == 62, "\(final)")
            #expect(ClockTests.same(final.player2, 60 - 21), "\(final)")
        case .resign, .drawAgreed:
            #expect(ClockTests.same(final.player1, 60 - thought), "the running clock charged up to the ending: \(final)")
            #expect(final.player2 == 60, "\(final)")
        }
        try await withTestServer(time: time, configure: { $0.databasePath = path }) { server in
            let restored = try await Self.lastGameClock(port: server.port, matchID: matchID)
            #expect(restored == told, "after a restart")
        }
    }

    @Test func test_aSeatTimeout_chargesTheAwayPlayersClock_upToTheTimeout_inGameOver() async throws {
        let time = VirtualTime()
        try await withTestServer(time: time, configure: { $0.seatTimeout = .seconds(60) }) { server in
            let matchID = try await ClockTests.clockedMatch(#"{"initial":600,"increment":0}"#, on: server)
            let pair = try await server.seatedPair(matchID: matchID)
            let (watcher, _) = try await TestClient.connected(port: server.port, matchID: matchID)
            pair.alice.send(.startGame(gameId: "ticTacToe"))
            _ = try await watcher.nextBoard()
            pair.alice.send(.move(row: 1, col: 1))
            _ = try await watcher.nextBoard()
            pair.bob.send(.move(row: 0, col: 0))
            _ = try await watcher.nextBoard()
            pair.alice.send(.move(row: 0, col: 1))
            _ = try await watcher.nextBoard()
            // Bob's clock runs; he goes away and never comes back.
            pair.bob.close()
            _ = try await watcher.syncUntilAway(.player2)
            await time.advance(by: .seconds(60))
            let over = try await watcher.next { $0.type == "gameOver" }
            guard case .gameOver(let winner, _, let reason, _, let clock, _) = over else {
                Issue.record("expected .gameOver, got \(over)")
                return
            }
            #expect(winner == .player1)
            #expect(reason == "seatTimeout")
            let toldClock = try #require(clock)
            let final = try #require(ClockTests.Clock(WireBoard(fields: ["clock": toldClock])))
            #expect(final.player1 == 600 && ClockTests.same(final.player2, 540) && final.running == nil, "\(final)")
        }
    }
}
