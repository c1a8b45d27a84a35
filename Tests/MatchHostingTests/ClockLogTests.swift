import Foundation
import GridGames
import MatchStore
import MatchTree
import MatchWords
import Synchronization
import Testing
import TicTacToe
import VirtualTime

@testable import MatchHosting

/// A clocked match's log: its time control and each move's time, replayed into the same clocks; and the
/// one timer that watches every running clock.
struct ClockLogTests {
    private static func stored(_ records: [MatchRecord]) -> [StoredRecord] {
        records.enumerated().map { StoredRecord(sequence: $0.offset + 1, record: $0.element, at: Date()) }
    }

    private static func timed(_ record: MatchRecord, _ milliseconds: Int) -> MatchRecord {
        guard case .played(let move) = record else { return record }
        return .played(move.taking(.milliseconds(milliseconds)))
    }

    @Test func test_aReplayedLog_chargesEachMoveWhatItTook_andAFlagEndsTheGameByTime() throws {
        let hash = Secrets.tokenHash("token")
        let records: [MatchRecord] = [
            .created, .clockSet(initialMs: 30_000, incrementMs: 500),
            .seatTaken(seat: .player1, name: "Alice", tokenHash: hash), .seatTaken(seat: .player2, name: "Bob", tokenHash: hash),
            .gameStarted(gameId: .ticTacToe, startingPlayer: .player1),
            // The first move of each side is free (issue 40's first-move rule), whatever it took.
            Self.timed(.moved(seat: .player1, row: 2, col: 2), 9_000), Self.timed(.moved(seat: .player2, row: 2, col: 0), 9_000),
            Self.timed(.moved(seat: .player1, row: 1, col: 1), 4_000),
            Self.timed(.moved(seat: .player2, row: 0, col: 0), 29_000),
        ]
        let tree = try HostedTree(replaying: Self.stored(records), games: .hostingTests, trackingTag: nil)
        let clock = try #require(tree.snapshot.clock)
        #expect(clock.remaining(.player1) == .milliseconds(26_500))
        #expect(clock.remaining(.player2) == .milliseconds(1_500))
        #expect(clock.running == .player1)

        let flagged = try HostedTree(
            replaying: Self.stored(records + [.timeRanOut(seat: .player1), .gameEnded(winner: .player2)]), games: .hostingTests,
            trackingTag: nil)
        #expect(flagged.snapshot.lastGame?.reason == .time)
        #expect(flagged.snapshot.score?.player2Wins == 1)
    }

    @Test func test_theRecordsOfATimedMove_keepWhatItTook_andAFlagIsItsOwnRecordBeforeTheEnd() {
        let move = MatchLog.records(
            for: .play(TicTacToeMove(position: Position(row: 1, col: 1)), took: .milliseconds(1_234)), by: .player1, events: [],
            drawn: [], games: .hostingTests)
        #expect(move == [Self.timed(.moved(seat: .player1, row: 1, col: 1), 1_234)])
        let flag = MatchLog.records(
            for: .timeRanOut, by: .player2, events: [.gameOver(winner: .player1, line: nil, reason: .time)], drawn: [],
            games: .hostingTests)
        #expect(flag == [.timeRanOut(seat: .player2), .gameEnded(winner: .player1)])
    }

    @Test func test_theFlagWatch_callsBackOnceAfterTheDeadline_neverBefore_andAMovedDeadlineReplacesTheOld() async throws {
        let time = VirtualTime()
        let watch = FlagWatch(resolution: .milliseconds(10), clock: time.host)
        let owner = ObjectIdentifier(watch)
        let calls = Mutex<[HostClock.Instant]>([])
        let armedAt = time.host.now
        watch.arm(owner, at: armedAt + .milliseconds(50)) { calls.withLock { $0.append(time.host.now) } }
        // Moved later before it fired: only the new deadline counts.
        watch.arm(owner, at: armedAt + .milliseconds(150)) { calls.withLock { $0.append(time.host.now) } }
        await time.advance(by: .milliseconds(149))
        #expect(calls.withLock { $0 }.isEmpty, "never before the deadline")
        await time.advance(by: .milliseconds(21))
        // The callback runs on the watch's task, a moment after the clock moved.
        #expect(await eventually { !calls.withLock { $0 }.isEmpty })
        let fired = calls.withLock { $0 }
        #expect(fired.count == 1)
        #expect(fired.allSatisfy { $0 >= armedAt + .milliseconds(150) && $0 <= armedAt + .milliseconds(170) }, "within two ticks of it")
        await time.advance(by: .seconds(1))
        #expect(calls.withLock { $0 }.count == 1, "once")
        #expect(watch.armedCount == 0)
    }

    @Test func test_theFlagWatch_forgetsADisarmedClock_andFiresAPastDeadlineAtTheNextTick() async throws {
        let time = VirtualTime()
        await time.advance(by: .seconds(5))
        let watch = FlagWatch(resolution: .milliseconds(10), clock: time.host)
        let fired = Mutex(0)
        // Two live objects: their identifiers differ while they are kept.
        let owners = (FlagWatch(), FlagWatch())
        let (one, two) = (ObjectIdentifier(owners.0), ObjectIdentifier(owners.1))
        watch.arm(one, at: time.host.now + .milliseconds(30)) { fired.withLock { $0 += 1 } }
        watch.disarm(one)
        watch.arm(two, at: time.host.now - .seconds(1)) { fired.withLock { $0 += 10 } }
        await time.advance(by: .milliseconds(10))
        #expect(await eventually { fired.withLock { $0 } != 0 })
        #expect(fired.withLock { $0 } == 10, "the past deadline at the first tick")
        await time.advance(by: .milliseconds(100))
        #expect(fired.withLock { $0 } == 10, "the disarmed one never")
        withExtendedLifetime(owners) {}
    }
}
