import MatchTree
import MatchWords

extension MatchRoom {
    /// `input` with the time its move took, when it is a move of `seat` whose clock runs: from when
    /// the turn was told to `now` (zero while the change that gave it waits for its records).
    func timed(_ input: MatchInput, by seat: Seat?, at now: Moment) -> MatchInput {
        // A first move is measured too (the games API tells it), although the clock does not charge it.
        guard timeControl != nil, case .play(let action, nil) = input, let seat, tree.snapshot.clock?.toMove == seat else {
            return input
        }
        return .play(action, took: turnToldAt.map { (now.instant - $0).roundedToMilliseconds } ?? .zero)
    }

    /// The change that gave the turn was told at `now`: the running clock starts then. Returns when it
    /// runs out, nil when no clock runs.
    /// A first move awaited starts its window then instead (`firstMoveDeadline`).
    mutating func clockStarted(at now: Moment) -> HostClock.Instant? {
        guard let clock = tree.snapshot.clock, clock.toMove != nil else {
            turnToldAt = nil
            return nil
        }
        turnToldAt = now.instant
        return clock.running.map { now.instant + clock.remaining($0) }
    }

    /// The first-move window's deadline: set while a first move is awaited and its turn is told, else
    /// cancelled (the move came, or the game ended).
    var firstMoveDeadline: DeadlineChange {
        guard timeControl != nil, let turnToldAt, tree.snapshot.clock?.awaitingFirstMove != nil else { return .cancel(.firstMove) }
        return .set(.firstMove, at: turnToldAt + rules.firstMoveWindow)
    }

    /// The side to move before both sides moved has made no move within the first-move window by `now`:
    /// the game is aborted (no winner, no score). Nothing when that does not hold (it moved meanwhile,
    /// or its turn is not told yet).
    mutating func firstMoveMissedIfDue(at now: Moment) -> MatchChange {
        guard timeControl != nil, let turnToldAt, let seat = tree.snapshot.clock?.awaitingFirstMove,
            now.instant >= turnToldAt + rules.firstMoveWindow
        else { return MatchChange() }
        let events: [MatchEvent]
        switch applyForTheHost(.firstMoveMissed, by: seat) {
        case .success(let accepted): events = accepted
        case .failure(let refused): return refused.change
        }
        var change = accepted(.firstMoveMissed, by: seat, events: events, at: now)
        change.notes.insert(.log(.info, "no first move in time, game aborted", ["seat": seat.rawValue]), at: 0)
        return change
    }

    /// How long the running clock has run at `now`, to the millisecond: what an input that ends the game
    /// without a move charges it (`Match.apply`). nil when no clock runs.
    func clockRan(at now: Moment) -> Duration? {
        guard timeControl != nil, tree.snapshot.clock?.running != nil else { return nil }
        return clockElapsed(at: now).roundedToMilliseconds
    }

    /// When the running clock runs out; nil when none runs, or its turn is not told yet.
    var clockDeadline: HostClock.Instant? {
        guard timeControl != nil, let turnToldAt, let clock = tree.snapshot.clock, let seat = clock.running else { return nil }
        return turnToldAt + clock.remaining(seat)
    }

    /// The running clock has run out by `now`: the game ends by time, won by the opponent. Nothing when
    /// it has not (no clock runs, or time is left).
    mutating func timeRanOutIfDue(at now: Moment) -> MatchChange {
        guard let deadline = clockDeadline, now.instant >= deadline, let seat = tree.snapshot.clock?.running else { return MatchChange() }
        let events: [MatchEvent]
        switch applyForTheHost(.timeRanOut, by: seat) {
        case .success(let accepted): events = accepted
        case .failure(let refused): return refused.change
        }
        var change = accepted(.timeRanOut, by: seat, events: events, at: now)
        change.notes.insert(.log(.info, "time ran out", ["seat": seat.rawValue]), at: 0)
        return change
    }

    /// The events of `input`, which the host asks for `seat` (a timeout, a clock run out) once it has
    /// checked it is due; should the tree refuse it all the same, a change that only logs the error.
    func applyForTheHost(_ input: MatchInput, by seat: Seat, clockRan: Duration? = nil) -> Result<[MatchEvent], RefusedByTheTree> {
        do {
            return .success(try tree.apply(input, by: seat, clockRan: clockRan))
        } catch {
            return .failure(RefusedByTheTree(.noted(.error, "\(input) refused by the tree", ["seat": seat.rawValue, "error": "\(error)"])))
        }
    }

    /// How long the computer may pause before its move at `now`: its usual `pause`, but never more than
    /// a tenth of what its clock has left (its pause counts against its own time).
    func computerPause(_ pause: Duration, at now: Moment) -> Duration {
        guard timeControl != nil, let clock = tree.snapshot.clock, let seat = clock.running, let left = clockLeft(seat, at: now) else {
            return pause
        }
        return min(pause, left / 10)
    }

    /// What `seat`'s clock has left at `now`.
    private func clockLeft(_ seat: Seat, at now: Moment) -> Duration? {
        guard let clock = tree.snapshot.clock else { return nil }
        let elapsed = clock.running == seat ? turnToldAt.map { now.instant - $0 } ?? .zero : .zero
        return max(.zero, clock.remaining(seat) - elapsed)
    }

    /// How long the running clock has run at `now`: the clocks a message tells are as of when it is built.
    func clockElapsed(at now: Moment) -> Duration {
        guard timeControl != nil, let turnToldAt else { return .zero }
        return now.instant - turnToldAt
    }
}

/// The tree refused what the host asked for on its own (a timeout, a clock run out) although it was
/// due: the change that logs it.
struct RefusedByTheTree: Error {
    let change: MatchChange
    init(_ change: MatchChange) { self.change = change }
}
