import MatchWords

/// What a match's host tells the spectators other servers hold (docs/SCALING.md, "An audience over every
/// server"): the broadcasts of one change, as the host's own spectators get them, and the `welcome` a
/// spectator would get right after them. A server that relays the match sends the broadcasts to the
/// spectators it holds, and the welcome to those that arrive later, without ever hosting the match.
public struct AudienceFrames: Sendable, Equatable {
    /// The match.
    public let match: MatchID
    /// Which hosting of the match told it: another server, or the same one after loading the match again,
    /// starts its versions over, so frames of another hosting never continue what a relay showed.
    public let hosting: UInt64
    /// The version of the first of `broadcasts`; of the one after `welcome` when there are none.
    public let firstVersion: Int
    /// The `v` of `welcome`: the version after the last broadcast.
    public let welcomeVersion: Int
    /// A spectator's `welcome` (`you.seat` null), encoded.
    public let welcome: String
    /// The broadcasts, encoded, in order, versions `firstVersion`… consecutive.
    public let broadcasts: [String]

    public init(match: MatchID, hosting: UInt64, firstVersion: Int, welcomeVersion: Int, welcome: String, broadcasts: [String]) {
        self.match = match
        self.hosting = hosting
        self.firstVersion = firstVersion
        self.welcomeVersion = welcomeVersion
        self.welcome = welcome
        self.broadcasts = broadcasts
    }
}

/// How many spectators one server relays of a match, as that server said it.
public struct AudienceCount: Sendable, Equatable {
    public let match: MatchID
    /// The server that holds them.
    public let server: String
    public let spectators: Int
    /// The server has nothing to show them yet (it just began to relay the match, or may have missed
    /// frames): the host tells a fresh welcome at once.
    public let wantsWelcome: Bool

    public init(match: MatchID, server: String, spectators: Int, wantsWelcome: Bool) {
        self.match = match
        self.server = server
        self.spectators = spectators
        self.wantsWelcome = wantsWelcome
    }
}

/// The audience of a match spread over the servers of one shared store (PostgreSQL): a watch-only
/// connection may be held by any server, which relays what the match's host tells instead of loading
/// the match (loading would take it over). A store of one process has one server: it relays nothing,
/// and `MatchStore+SingleServer.swift` says so.
public protocol MatchAudiences: Sendable {
    /// Whether other servers share the store: a watch-only connection to a match hosted nowhere in this
    /// process is then relayed, never loaded.
    var relaysAudiences: Bool { get }

    // MARK: Relaying

    /// This server holds `spectators` watch-only connections of match `id` (0: none any more). Returns at
    /// once; the host hears of it within a second, and at once when `wantsWelcome`.
    func relay(_ spectators: Int, of id: MatchID, wantsWelcome: Bool)

    /// What the hosts of the matches this server relays tell, in the order each host told it. Read it
    /// from one task only.
    var relayedFrames: AsyncStream<AudienceFrames> { get }

    // MARK: Hosting

    /// Tells the servers relaying a match what its host told its own spectators. Returns at once; the
    /// frames of one match are sent in the order of the calls.
    func tell(_ frames: AudienceFrames)

    /// The counts the relaying servers say, as they change. Read it from one task only.
    var audienceCounts: AsyncStream<AudienceCount> { get }

    /// How many spectators each running server relays of match `id`, by server name.
    func audience(of id: MatchID) async throws -> [String: Int]
}
