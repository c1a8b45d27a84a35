/// What every connection of a match sees: the events the views emitted since the last `drain()`,
/// and the snapshot they add up to. The match's window owns it; every view writes to it.
public final class MatchDisplay {
    private var pending: [MatchEvent] = []

    /// What is presented now.
    private(set) var snapshot = MatchSnapshot(phase: .loggedOut, players: [], score: nil, board: nil)

    /// Shows `event` to everyone. A score equal to the one already shown is not a change, so it is
    /// dropped: a scoreboard that comes back on screen re-presents the score it had.
    func show(_ event: MatchEvent) {
        if case .score(let score) = event, snapshot.score == score { return }
        snapshot.record(event)
        pending.append(event)
    }

    /// The events shown since the last call, in order.
    func drain() -> [MatchEvent] {
        defer { pending = [] }
        return pending
    }
}
