import MatchStore
import MatchTree
import WireProtocol

/// The messages a match tells, built from what its tree presents and who is connected, and the
/// version that numbers them: every message that changes what a client shows takes the next one,
/// so versions grow by 1.
struct MatchMessages {
    /// The version of the last message built; a `welcome` carries it.
    private(set) var version = 0

    /// The messages every connection gets for `events`, in order, each with the next version.
    mutating func broadcasts(for events: [MatchEvent], snapshot: MatchSnapshot, members: Members) -> [ServerMessage] {
        events.compactMap { event in
            if case .playersChanged = event { return presence(snapshot: snapshot, members: members) }
            guard let message = event.broadcastMessage(v: version + 1) else { return nil }
            version += 1
            return message
        }
    }

    /// A `presence` message with the next version.
    mutating func presence(snapshot: MatchSnapshot, members: Members) -> ServerMessage {
        version += 1
        return .presence(players: Self.players(snapshot, members), spectators: members.spectatorCount, v: version)
    }

    /// A `welcome` for a connection playing `seat` (nil: a spectator), at the current version.
    func welcome(for seat: Seat?, snapshot: MatchSnapshot, members: Members) -> ServerMessage {
        .welcome(
            you: seat.map(WireSeat.init),
            snapshot: WireSnapshot(
                phase: WirePhase(snapshot.phase),
                players: Self.players(snapshot, members),
                score: snapshot.score.map(WireScore.init),
                board: snapshot.board.map(WireBoard.init),
                spectators: members.spectatorCount
            ),
            v: version
        )
    }

    /// What `GET /api/matches` shows of match `id`.
    static func summary(id: MatchID, snapshot: MatchSnapshot, members: Members) -> MatchSummary {
        MatchSummary(
            matchId: id.rawValue,
            phase: WirePhase(snapshot.phase),
            players: players(snapshot, members),
            score: snapshot.score.map { MatchSummary.Score(player1: $0.player1Wins, player2: $0.player2Wins, draws: $0.draws) },
            spectators: members.spectatorCount
        )
    }

    /// The seated players, each marked connected when a connection plays its seat.
    private static func players(_ snapshot: MatchSnapshot, _ members: Members) -> [WirePlayer] {
        let connected = members.connectedSeats
        return snapshot.players.map { WirePlayer($0, connectedSeats: connected) }
    }
}
