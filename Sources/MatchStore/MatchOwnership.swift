import MatchWords

/// Which server hosts a match, for several servers on one shared store (PostgreSQL). A store of one
/// process has nothing to share: `MatchStore+SingleServer.swift` gives it the defaults (load is a read,
/// nothing is ever lost, nothing is published).
public protocol MatchOwnership: Sendable {
    /// The log of match `id`, read to host it: a shared store first makes this server the match's one
    /// host (its owner, in a new epoch), so that the previous host's appends are refused from then on and
    /// the log read holds every append it made. Nil when no such match was stored.
    func load(_ id: MatchID) async throws -> [StoredRecord]?

    /// The matches this server loaded or created that another server has loaded since: each is yielded
    /// once, and its appends are refused (`appendedElsewhere`) until it is loaded again. The server
    /// closes such a match's connections so that its clients reconnect to the new host. Read it from
    /// one task only.
    var lostMatches: AsyncStream<MatchID> { get }

    /// This server stopped hosting match `id` (expired from memory, lost, shut down) after its last
    /// append returned: the store forgets what it kept about the match and stops publishing its
    /// presence. Returns at once; a shared store tells the database in the background.
    func release(_ id: MatchID)

    /// Whether another server took match `id` since this one loaded or created it, and this one has
    /// not let go of it nor loaded it again: what `lostMatches` yielded still holds. The yield comes
    /// later than the loss, after a new load perhaps: a server checks this before closing the match.
    func isLost(_ id: MatchID) -> Bool

    /// Who is connected to match `id` on this server, for the other servers' lobbies. Returns at once;
    /// a shared store writes the latest of each match in the background, all matches' changes
    /// together at most once a second.
    func publish(_ presence: LivePresence, of id: MatchID)

    /// The presence the hosts of `ids` published, for those hosted by a server that is still running
    /// (absent: nobody hosts it, or its host stopped without saying so).
    func presence(of ids: [MatchID]) async throws -> [MatchID: LivePresence]
}
