import Foundation
import MatchStore
import MatchWords
import WireProtocol

/// What the lobby and the API read of the matches, loaded here or not: the open matches, a summary, whether
/// a match exists. Nothing here loads a match.
extension MatchRegistry {
    /// The summaries of the matches with a free seat, newest first: the store's list, so that matches not
    /// in memory (after a restart, an expiry, or hosted by another server) are listed too, with the live
    /// summary of those loaded here and the presence other servers publish for theirs.
    /// - Parameter cutoff: when given, only the matches someone was connected to at or after it: those of
    ///   the store's list, and the ones in memory here that it left out (older, but in use).
    package func openMatches(limit: Int, activeSince cutoff: Date? = nil) async throws -> [MatchSummary] {
        let stored = try await store.listSummaries(listedWithFreeSeat: true, limit: limit)
        let presence = try await store.presence(of: stored.map(\.id).filter { hosts[$0] == nil })
        var listed: [(createdAt: Date, match: MatchHost.Published)] = stored.compactMap { stored in
            let match =
                hosts[stored.id].map { host in host.published.withLock { $0 } } ?? Self.published(stored, presence: presence[stored.id])
            return match.isOpenInLobby ? (stored.createdAt, match) : nil
        }
        guard let cutoff else { return listed.map(\.match.summary) }
        let storeListed = Set(stored.map(\.id))
        for host in hosts.values where !storeListed.contains(host.id) {
            let live = host.published.withLock { $0 }
            if live.isOpenInLobby { listed.append((host.createdAt, live)) }
        }
        return
            listed
            .filter { $0.match.activity.isActive(since: cutoff) }
            .sorted { $0.createdAt > $1.createdAt }
            .prefix(limit)
            .map(\.match.summary)
    }

    /// The summary of `id`: live when loaded, else the stored one with the presence its host publishes
    /// (without loading the tree).
    package func summary(of id: MatchID) async throws -> MatchSummary? {
        if let host = hosts[id] { return host.published.withLock { $0.summary } }
        guard let stored = try await store.match(id) else { return nil }
        return Self.published(stored, presence: try await store.presence(of: [id])[id]).summary
    }

    /// A stored match as the API shows it: with nobody connected unless another server hosting the
    /// match published who is; last active when that server says nobody is connected since, or when
    /// the match last changed, whichever is later.
    static func published(_ stored: StoredMatch, presence: LivePresence?) -> MatchHost.Published {
        let presence = presence ?? .nobody
        var summary = MatchSummary(
            matchId: stored.id.rawValue,
            phase: WirePhase(stored.summary.phase),
            players: stored.summary.players.map { WirePlayer($0, connectedSeats: presence.connectedSeats) },
            score: stored.summary.score.map { MatchSummary.Score(player1: $0.player1Wins, player2: $0.player2Wins, draws: $0.draws) },
            spectators: presence.spectators,
            timeControl: stored.summary.timeControl.map(WireTimeControl.init),
            gameId: stored.summary.gameId?.rawValue
        )
        summary.waitingSince = stored.summary.waitingSince?.wireTimestamp
        let lastSeen = max(presence.lastActive ?? stored.updatedAt, stored.updatedAt)
        return MatchHost.Published(
            summary: summary, activity: presence.anyoneConnected ? .now : .since(lastSeen), listed: stored.summary.listed)
    }

    /// Whether match `id` exists, in memory or in the store.
    package func exists(_ id: MatchID) async throws -> Bool {
        if hosts[id] != nil { return true }
        return try await store.summary(of: id) != nil
    }
}
