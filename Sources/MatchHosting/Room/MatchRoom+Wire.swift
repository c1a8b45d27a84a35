import MatchTree
import MatchWords
import WireProtocol

/// The messages built from the room's state, all as of one moment.
extension MatchRoom {
    mutating func broadcasts(for events: [MatchEvent], at now: Moment) -> [ServerMessage] {
        messages.broadcasts(
            for: events, snapshot: tree.snapshot, members: members, accountSeats: tokens.accountSeats, ratings: seatRatings,
            clockElapsed: clockElapsed(at: now),
            awayTimes: { [tokens, members, rules, gameStartedAt] in
                Self.awayTimes(tokens, members, claimGrace: rules.claimGrace, gameStartedAt: gameStartedAt, now: now.instant)
            })
    }

    mutating func presence(at now: Moment) -> ServerMessage {
        messages.presence(
            snapshot: tree.snapshot, members: members, accountSeats: tokens.accountSeats, ratings: seatRatings,
            awayTimes: awayTimes(at: now))
    }

    func welcome(for seat: Seat?, at now: Moment) -> ServerMessage {
        messages.welcome(
            for: seat, snapshot: tree.snapshot, members: members, accountSeats: tokens.accountSeats, ratings: seatRatings,
            timeControl: timeControl, gameID: gameID, rated: isRated, lastGameRatings: lastGameRatings,
            clockElapsed: clockElapsed(at: now),
            awayTimes: awayTimes(at: now))
    }

    /// For each seat without a connection, from `now`: how long before it times out, and before its
    /// opponent may claim the game.
    private func awayTimes(at now: Moment) -> [Seat: AwayTimes] {
        Self.awayTimes(tokens, members, claimGrace: rules.claimGrace, gameStartedAt: gameStartedAt, now: now.instant)
    }

    private static func awayTimes(
        _ tokens: SeatTokens<SeatTimer>, _ members: Members, claimGrace: Duration, gameStartedAt: HostClock.Instant?,
        now: HostClock.Instant
    ) -> [Seat: AwayTimes] {
        var times: [Seat: AwayTimes] = [:]
        for seat in tokens.takenSeats where !members.isConnected(seat) {
            if let timer = tokens.timeout(of: seat) {
                times[seat] = AwayTimes(
                    timeoutLeft: timer.deadline - now,
                    claimableIn: claimableIn(since: timer.started, gameStartedAt: gameStartedAt, grace: claimGrace, now: now))
            }
        }
        return times
    }
}
