import MatchStore
import MatchTree
import MatchWords
import WireProtocol

/// The messages a match tells, built from what its tree presents and who is connected, and the
/// version that numbers them: every message that changes what a client shows takes the next one,
/// so versions grow by 1.
struct MatchMessages {
    /// The version of the last message built; a `welcome` carries it.
    private(set) var version = 0
    /// The server's seat timeout, which every `welcome` tells.
    let seatTimeout: Duration
    /// The first-move window, whose time left a board's clock tells while a first move is awaited.
    let firstMoveWindow: Duration

    init(seatTimeout: Duration = .seconds(60), firstMoveWindow: Duration = GameClock.firstMoveWindow) {
        self.seatTimeout = seatTimeout
        self.firstMoveWindow = firstMoveWindow
    }

    /// The messages every connection gets for `events`, in order, each with the next version.
    /// `awayTimes`: the times of each seat without a connection (see `players`), asked only for a
    /// `presence` (most events are moves, which need none). `clockElapsed`: how long the running clock
    /// has run, for the clocks every board carries (zero when these events gave the turn).
    mutating func broadcasts(
        for events: [MatchEvent], snapshot: MatchSnapshot, members: Members, accountSeats: Set<Seat> = [],
        ratings: [Seat: SeatRating] = [:], clockElapsed: Duration = .zero, awayTimes: () -> [Seat: AwayTimes] = { [:] }
    ) -> [ServerMessage] {
        let clock = snapshot.clock?.wireValue(after: clockElapsed, firstMoveWindow: firstMoveWindow)
        return events.compactMap { event in
            if case .playersChanged = event {
                return presence(snapshot: snapshot, members: members, accountSeats: accountSeats, ratings: ratings, awayTimes: awayTimes())
            }
            // Only an ending reads its final clocks: a move's events carry none (at most one per change).
            let eventClock = if case .gameOver = event { finalClock(of: events, else: clock) } else { clock }
            guard let message = event.broadcastMessage(v: version + 1, clock: eventClock) else { return nil }
            version += 1
            return message
        }
    }

    /// The clocks a game's end tells: those it stopped (the last `events` presented), as a pair breaking
    /// up with it (a leave, a seat timeout) clears them from the snapshot, not from the ending; `current`
    /// when `events` presented none.
    private func finalClock(of events: [MatchEvent], else current: WireValue?) -> WireValue? {
        let lastClock = events.last { if case .clock = $0 { true } else { false } }
        guard case .clock(let stopped) = lastClock else { return current }
        return stopped?.wireValue(after: .zero, firstMoveWindow: firstMoveWindow)
    }

    /// A `chat` message with the next version.
    mutating func chat(seat: Seat, phrase: String) -> ServerMessage {
        version += 1
        return .chat(seat: WireSeat(seat), phrase: phrase, v: version)
    }

    /// A `presence` message with the next version; `accountSeats`: the seats whose players are marked
    /// `account` (`players`).
    mutating func presence(
        snapshot: MatchSnapshot, members: Members, accountSeats: Set<Seat> = [], ratings: [Seat: SeatRating] = [:],
        awayTimes: [Seat: AwayTimes] = [:]
    ) -> ServerMessage {
        version += 1
        return .presence(
            players: Self.players(snapshot, members, awayTimes, accountSeats: accountSeats, ratings: ratings),
            spectators: members.spectatorCount, v: version)
    }

    /// A `welcome` for a connection playing `seat` (nil: a spectator), at the current version.
    /// `clockElapsed`: how long the running clock has run.
    func welcome(
        for seat: Seat?, snapshot: MatchSnapshot, members: Members, accountSeats: Set<Seat> = [], ratings: [Seat: SeatRating] = [:],
        timeControl: TimeControl? = nil, gameID: GameID? = nil, rated: Bool = false, lastGameRatings: WireRatings? = nil,
        clockElapsed: Duration = .zero, awayTimes: [Seat: AwayTimes] = [:]
    ) -> ServerMessage {
        let clock = snapshot.clock?.wireValue(after: clockElapsed, firstMoveWindow: firstMoveWindow)
        var wire = WireSnapshot(
            phase: WirePhase(snapshot.phase),
            players: Self.players(snapshot, members, awayTimes, accountSeats: accountSeats, ratings: ratings),
            score: snapshot.score.map(WireScore.init),
            board: snapshot.board?.wireBoard(clock: clock),
            spectators: members.spectatorCount,
            seatTimeout: Self.seconds(seatTimeout),
            lastGame: snapshot.lastGame.map {
                var lastGame = WireLastGame($0, clock: clock)
                lastGame.ratings = lastGameRatings
                return lastGame
            },
            offer: snapshot.offer.map(WireOffer.init),
            timeControl: timeControl.map(WireTimeControl.init),
            gameId: gameID?.rawValue
        )
        if rated { wire.rated = true }
        return .welcome(you: seat.map(WireSeat.init), snapshot: wire, v: version)
    }

    /// What `GET /api/matches` shows of match `id`.
    static func summary(
        id: MatchID, snapshot: MatchSnapshot, members: Members, timeControl: TimeControl? = nil, gameID: GameID? = nil
    ) -> MatchSummary {
        MatchSummary(
            matchId: id.rawValue,
            phase: WirePhase(snapshot.phase),
            players: players(snapshot, members),
            score: snapshot.score.map { MatchSummary.Score(player1: $0.player1Wins, player2: $0.player2Wins, draws: $0.draws) },
            spectators: members.spectatorCount,
            timeControl: timeControl.map(WireTimeControl.init),
            gameId: gameID?.rawValue
        )
    }

    /// The seated players, each marked connected when a connection plays its seat; a seat without one
    /// with the time it has left, from `awayTimes` (none in a summary: it would go stale there), and
    /// during a game the time before its opponent may claim it; the player of each of `accountSeats`
    /// marked `account` (issue 41; a guest's entry is as version 1 wrote it), with its `rating` and
    /// `provisional` when `ratings` has them (a rated match, issue 42).
    private static func players(
        _ snapshot: MatchSnapshot, _ members: Members, _ awayTimes: [Seat: AwayTimes] = [:], accountSeats: Set<Seat> = [],
        ratings: [Seat: SeatRating] = [:]
    ) -> [WirePlayer] {
        let connected = members.connectedSeats
        let isPlaying = if case .playing = snapshot.phase { true } else { false }
        return snapshot.players.map { player in
            var wire = WirePlayer(player, connectedSeats: connected)
            if accountSeats.contains(player.seat) { wire.account = true }
            if let rating = ratings[player.seat] {
                wire.rating = rating.rating
                wire.provisional = rating.provisional
            }
            if !wire.connected, let times = awayTimes[player.seat] {
                wire.seatTimeoutLeft = Self.seconds(times.timeoutLeft)
                if isPlaying { wire.claimableIn = Self.seconds(times.claimableIn) }
            }
            return wire
        }
    }

    /// A duration as the wire counts it: seconds, never negative.
    static func seconds(_ duration: Duration) -> Double {
        max(0, Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
