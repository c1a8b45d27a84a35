import WireProtocol

extension TestClient {
    /// Syncs until the welcome shows `seat`'s player away, and returns that player. The host learns of a
    /// closed connection at once, and tells the others with the coalesced presence an interval later: on a
    /// server given a `VirtualTime`, a test waits here, with the clock still, and then moves it on by that
    /// interval (`VirtualTime.advanceToPresence`), rather than advancing it while it waits.
    func syncUntilAway(_ seat: WireSeat, within limit: Duration = .seconds(10)) async throws -> WirePlayer {
        let deadline = ContinuousClock.now + limit
        while true {
            send(.sync)
            let welcome = try await next { if case .welcome = $0 { true } else { false } }
            if case .welcome(_, let snapshot, _) = welcome, let player = snapshot.players.first(where: { $0.seat == seat && !$0.connected })
            {
                return player
            }
            guard ContinuousClock.now < deadline else { throw Timeout(waitingFor: "\(seat) away") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
