import MatchWords
import Testing

@testable import MatchTree

/// The clock arithmetic: a move's time charged to its player, the increment after each move, a clock
/// that runs out at exactly zero, and what a client is told some time after the turn started.
struct GameClockTests {
    private static let threePlusTwo = TimeControl(initialMilliseconds: 180_000, incrementMilliseconds: 2_000)!

    @Test func test_aNewClock_startsBothPlayersAtTheInitialTime_withTheStartingPlayersRunning() {
        let clock = GameClock(control: Self.threePlusTwo, running: .player2)
        #expect(clock.remaining(.player1) == .seconds(180))
        #expect(clock.remaining(.player2) == .seconds(180))
        #expect(clock.running == .player2)
    }

    @Test func test_aMove_chargesItsTime_addsTheIncrement_andStartsTheNextClock() {
        var clock = GameClock(control: Self.threePlusTwo, running: .player1)
        clock.charge(.player1, took: .milliseconds(12_345), next: .player2)
        #expect(clock.remaining(.player1) == .milliseconds(180_000 - 12_345 + 2_000))
        #expect(clock.remaining(.player2) == .seconds(180), "the other clock is untouched")
        #expect(clock.running == .player2)
    }

    @Test func test_anExtraTurn_leavesTheSameClockRunning_andStillAddsTheIncrement() {
        var clock = GameClock(control: Self.threePlusTwo, running: .player1)
        clock.charge(.player1, took: .seconds(1), next: .player1)
        clock.charge(.player1, took: .seconds(1), next: .player2)
        #expect(clock.remaining(.player1) == .seconds(182))
        #expect(clock.running == .player2)
    }

    @Test func test_theClockRunsOutAtExactlyZero_notAMillisecondLater() {
        let clock = GameClock(control: TimeControl(initialMilliseconds: 10_000, incrementMilliseconds: 0)!, running: .player1)
        #expect(!clock.hasRunOut(.player1, after: .milliseconds(9_999)))
        #expect(clock.hasRunOut(.player1, after: .seconds(10)), "a clock at zero has run out")
        #expect(clock.hasRunOut(.player1, after: .seconds(11)))
        #expect(!clock.hasRunOut(.player2, after: .seconds(11)), "a clock that does not run cannot run out")
    }

    @Test func test_flag_showsZeroAndStopsBoth_andStop_keepsWhatIsLeft() {
        var flagged = GameClock(control: Self.threePlusTwo, running: .player2)
        flagged.flag(.player2)
        #expect(flagged.remaining(.player2) == .zero)
        #expect(flagged.running == nil)
        var stopped = GameClock(control: Self.threePlusTwo, running: .player1)
        stopped.charge(.player1, took: .seconds(30), next: .player2)
        stopped.stop()
        #expect(stopped.remaining(.player1) == .seconds(152))
        #expect(stopped.running == nil)
    }

    @Test func test_aReading_countsDownOnlyTheRunningClock_neverBelowZero() {
        let clock = GameClock(control: TimeControl(initialMilliseconds: 10_000, incrementMilliseconds: 0)!, running: .player2)
        let soon = clock.reading(after: .milliseconds(2_500))
        #expect(soon.player1 == .seconds(10))
        #expect(soon.player2 == .milliseconds(7_500))
        #expect(clock.reading(after: .seconds(60)).player2 == .zero)
        #expect(clock.reading(after: .seconds(-5)).player2 == .seconds(10), "a negative elapsed time charges nothing")
    }

    @Test func test_timeControls_outsideTheirBounds_doNotExist() {
        #expect(TimeControl(initialMilliseconds: 9_999, incrementMilliseconds: 0) == nil)
        #expect(TimeControl(initialMilliseconds: 86_400_001, incrementMilliseconds: 0) == nil)
        #expect(TimeControl(initialMilliseconds: 60_000, incrementMilliseconds: 60_001) == nil)
        #expect(TimeControl(initialMilliseconds: 60_000, incrementMilliseconds: -1) == nil)
        #expect(TimeControl(initialMilliseconds: 86_400_000, incrementMilliseconds: 60_000) != nil)
    }
}
