import Foundation
import MatchTree
import MatchWords

extension MatchRoom {
    /// Seats `occupant` without a connection, as its login would: a person gets a token, returned for
    /// them to `resume` with (their seat's timeout starts, as a restored seat's), the computer none. A
    /// person's name the tree refuses gives the seat's default name: nobody is there to be asked for
    /// another. Throws, changing nothing, when the tree refuses the seating (`matchFull`).
    mutating func seat(_ occupant: SeatOccupant, at now: Moment) throws(MatchError) -> (change: MatchChange, seat: Seat?, token: String?) {
        var input = occupant.input
        let events: [MatchEvent]
        do {
            events = try tree.apply(input, by: nil)
        } catch .badName where occupant.isPerson {
            input = .login(name: nil)
            events = try tree.apply(input, by: nil)
        }
        var seat: Seat?
        var token: String?
        var holder: SeatHolder?
        var change = MatchChange()
        for case .seated(let player) in events {
            seat = player.seat
            guard case .person(_, let account) = occupant else {
                change.log(.info, "seat taken by the server", ["seat": player.seat.rawValue, "name": player.name])
                hasComputer = true
                continue
            }
            change.log(
                .info, "seat taken by the server",
                ["seat": player.seat.rawValue, "name": player.name, "account": account ?? "none (a guest)"])
            let issued = tokens.issue(for: player.seat, account: account)
            (token, holder) = (issued.token, SeatHolder(tokenHash: issued.hash, account: account))
            startTimeout(player.seat, at: now, into: &change)
        }
        return (change.then(accepted(input, by: nil, events: events, holder: holder, at: now)), seat, token)
    }

    /// The creator asked for the match to be listed in the lobby (only when creating it).
    mutating func list() -> MatchChange {
        isListed = true
        var change = MatchChange(records: [.listed])
        change.log(.info, "match listed in the lobby")
        return change
    }

    /// Asks for game `gameID` on the server's behalf, as a deep link's `launchGame` does: the launch
    /// workflow starts it once both seats are taken. Throws, changing nothing, when the tree refuses.
    mutating func launch(_ gameID: String, at now: Moment) throws(MatchError) -> MatchChange {
        let input = MatchInput.launchGame(gameId: gameID)
        let events = try tree.apply(input, by: nil)
        return accepted(input, by: nil, events: events, at: now)
    }

    // MARK: - The computer

    /// The computer's pause starts again (if one is seated): it always follows the last recorded change,
    /// and the move is chosen when it ends (`computerMoveDue`).
    func scheduleComputerMove(at now: Moment, into change: inout MatchChange) {
        guard hasComputer else { return }
        let pause = computerPause(rules.computerDelay * Double.random(in: 0.75...1.25), at: now)
        change.deadlines.append(.set(.computerMove, at: now.instant + pause))
    }

    /// The computer's pause ended: it chooses its move (as costly as the game's search) and plays it, as
    /// a person's move from its seat is played. Nothing when it is not its turn, or the tree refuses the
    /// move (logged).
    mutating func computerMoveDue(at now: Moment) -> MatchChange {
        guard let move = tree.computerMove else { return MatchChange() }
        let input = timed(.play(move.action), by: move.seat, at: now)
        do {
            let events = try tree.apply(input, by: move.seat)
            return accepted(input, by: move.seat, events: events, at: now)
        } catch {
            return .noted(.error, "computer move refused by the tree", ["seat": move.seat.rawValue, "error": "\(error)"])
        }
    }

    // MARK: - Seats

    /// Starts `seat`'s timeout at `now`, replacing the one running.
    mutating func startTimeout(_ seat: Seat, at now: Moment, into change: inout MatchChange) {
        let timer = SeatTimer(started: now.instant, deadline: now.instant + rules.seatTimeout)
        _ = tokens.startTimeout(seat, timer)
        change.deadlines.append(.set(.seatTimeout(seat), at: timer.deadline))
    }

    /// `seat`'s timeout came due at `now`: nobody came back to it, so it leaves. Nothing when that no
    /// longer holds (the seat was left, or a connection resumed it), or it is not due yet (a timer
    /// replaced since it woke).
    mutating func seatTimedOut(_ seat: Seat, at now: Moment) -> MatchChange {
        guard let timer = tokens.timeout(of: seat), timer.deadline <= now.instant else { return MatchChange() }
        _ = tokens.stopTimeout(seat)
        guard tokens.isTaken(seat), !members.isConnected(seat) else { return MatchChange() }
        // The tree gives the seat up as a leave, and a game being played ends with `seatTimeout`; the seat
        // is freed and its token dies.
        let events: [MatchEvent]
        let clockRan = clockRan(at: now)
        switch applyForTheHost(.seatTimedOut, by: seat, clockRan: clockRan) {
        case .success(let accepted): events = accepted
        case .failure(let refused): return refused.change
        }
        var change = MatchChange()
        releaseSeat(seat, into: &change)
        change.log(.info, "seat timed out", ["seat": seat.rawValue])
        return change.then(accepted(.seatTimedOut, by: seat, events: events, at: now, clockRan: clockRan))
    }

    /// The seat's token dies and its connections become spectators.
    mutating func releaseSeat(_ seat: Seat, into change: inout MatchChange) {
        if tokens.release(seat) != nil { change.deadlines.append(.cancel(.seatTimeout(seat))) }
        members.unseat(seat)
    }

    /// How long until the opponent of `seat`'s player may claim the game, counted from when `seat`'s
    /// connections all closed (or its host started); zero once they may; nil while a connection (or
    /// the computer) plays `seat`.
    func claimableIn(_ seat: Seat, at now: Moment) -> Duration? {
        guard tokens.isTaken(seat), !members.isConnected(seat) else { return nil }
        // A seat without a connection always has its timeout running; without one, nothing is known of
        // when it went away, and it is not claimed on a guess.
        guard let timer = tokens.timeout(of: seat) else { return rules.claimGrace }
        return Self.claimableIn(since: timer.started, gameStartedAt: gameStartedAt, grace: rules.claimGrace, now: now.instant)
    }

    /// How long until the grace has passed since the later of the seat's going away and the game's start.
    static func claimableIn(
        since awaySince: HostClock.Instant, gameStartedAt: HostClock.Instant?, grace: Duration, now: HostClock.Instant
    ) -> Duration {
        max(.zero, max(awaySince, gameStartedAt ?? awaySince) + grace - now)
    }
}
