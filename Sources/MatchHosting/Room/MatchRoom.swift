import Foundation
import GameUnits
import MatchStore
import MatchTree
import MatchWords
import NIOCore
import RIBs
import WireProtocol

/// A match as its connections meet it: the tree, who is connected and in which seat, the seats'
/// tokens, and the versions of what everyone was told.
///
/// A state machine: every entry point is given the time (`Moment`, read once per event by the host)
/// and returns the `MatchChange` that must happen: records to append, messages to send and to whom,
/// deadlines to set or cancel, lines to log and figures to count. It reads no clock, starts no task,
/// holds no logger and counts no metric; its host does those (`MatchHost`, `HostTimers`).
///
/// Not Sendable (it holds the tree): only its host actor uses it.
struct MatchRoom {
    /// The times that govern a room, from the server's settings.
    struct Rules {
        /// How long a seat without a connection is kept (told to the clients).
        var seatTimeout: Duration = .seconds(60)
        /// How long a seat must have had no connection before its opponent may claim the game.
        var claimGrace: Duration = .seconds(20)
        /// The computer's usual pause before its move (give or take a quarter).
        var computerDelay: Duration = .milliseconds(600)
        /// How long the side to move has for a first move before the game is aborted.
        var firstMoveWindow: Duration = GameClock.firstMoveWindow
    }

    let id: MatchID
    let tree: HostedTree
    var members = Members()
    var tokens: SeatTokens<SeatTimer>
    var messages: MatchMessages
    let rules: Rules
    /// Whether the creator asked for the match to be listed in the lobby (its log's `listed`).
    var isListed: Bool
    /// Whether the match is rated (its log's `rated`, issue 42): both seats are accounts'.
    let isRated: Bool
    /// In a rated match, each account seat's rating in the current game id, as `presence` and the
    /// snapshot show it; the host looks them up (the room reads no store) and sets them.
    var seatRatings: [Seat: SeatRating] = [:]
    /// In a rated match, the ratings of its last game once stored, which the snapshot's `lastGame` shows
    /// (a page reloaded after the game still shows the change); the host sets them and clears them when
    /// a game starts.
    var lastGameRatings: WireRatings?
    /// The match's time control (its log's `clockSet`); nil: no clocks, and nothing here is timed.
    let timeControl: TimeControl?
    /// The game the match was made for: its log's first `launchRequested` (a creation's `gameId`, the
    /// queue's pairing, a deep link's `launchGame`); nil until one is asked for.
    var gameID: GameID?
    /// When each taken seat was taken: how long the one seated player has waited (the lobby).
    var seatedSince: SeatedSince
    /// When the running clock started, or the first-move window: when the change that gave the turn was
    /// told (`clockStarted`). nil while that change waits for its records, or no clock runs. A match restored from its log
    /// starts it with the host: the time the match was unreachable is charged to nobody.
    var turnToldAt: HostClock.Instant?
    /// When the game being played started here; nil for one restored with the host (whose away seats'
    /// timers start with the host anyway). A claim waits for the grace from the later of this and the
    /// seat's going away, so that a game started while the opponent was away cannot be claimed at once.
    var gameStartedAt: HostClock.Instant?
    /// When each connection's last phrase was accepted (`chat`), for its one phrase a second.
    var lastPhrase: [UInt64: HostClock.Instant] = [:]
    /// When the last connection closed; until one opens, the log's last record.
    var lastConnectionClosed: Date
    /// The games the match offers: they read its moves, write its records and word its refusals.
    let games: GameCatalog
    /// Whether the computer plays a seat. Asked after every recorded change (the computer's turn), so
    /// kept rather than read from a snapshot built each time: the computer is seated by
    /// `seat(.computer)` or restored with the log, and never leaves.
    var hasComputer: Bool

    /// Opens the room of match `id` from its log (a new match's log holds only `created`), at `now`.
    /// - Throws: `MatchLog.InconsistentLog` when the tree refuses the log.
    init(id: MatchID, records: [StoredRecord], games: GameCatalog, rules: Rules = Rules(), trackingTag: String?, at now: Moment) throws {
        isListed = records.contains { $0.record == .listed }
        timeControl = MatchRecord.timeControl(in: records)
        isRated = MatchRecord.isRated(records)
        gameID = MatchRecord.gameID(in: records)
        seatedSince = SeatedSince(records: records)
        self.id = id
        self.games = games
        self.rules = rules
        tree = try HostedTree(replaying: records, games: games, trackingTag: trackingTag)
        tokens = SeatTokens(holders: tree.restoredSeats)
        messages = MatchMessages(seatTimeout: rules.seatTimeout, firstMoveWindow: rules.firstMoveWindow)
        lastConnectionClosed = records.last?.at ?? now.date
        hasComputer = tree.snapshot.players.contains { $0.computer != nil }
        // A first move awaited restarts its window too: the downtime is charged to nobody.
        if tree.snapshot.clock?.toMove != nil { turnToldAt = now.instant }
    }

    /// What a restored match starts with: the timeouts of the seats a token holds (nobody is connected
    /// yet), the first-move window of a game restored before both sides moved (from now), and the
    /// computer's move when one is due (a match restored after a crash plays on).
    mutating func start(at now: Moment) -> MatchChange {
        var change = MatchChange()
        for seat in tokens.takenSeats { startTimeout(seat, at: now, into: &change) }
        if timeControl != nil { change.deadlines.append(firstMoveDeadline) }
        scheduleComputerMove(at: now, into: &change)
        return change
    }

    var connectionCount: Int { members.count }
    /// Every connection, spectators included.
    var connections: [Connection] { members.connections }
    /// Seats that no connected player holds, for which a place is kept in a full match: a taken seat
    /// whose player is away (back by `resume` until the seat timeout) and a free seat (taken by `login`:
    /// the invited friend who arrives after the spectators). Never the computer's seat.
    var seatsAwaitingPlayers: Int {
        let computerSeats = hasComputer ? Set(tree.snapshot.players.filter { $0.computer != nil }.map(\.seat)) : []
        return Seat.allCases.count { !members.isConnected($0) && !computerSeats.contains($0) }
    }
    /// Whether connection `id` plays a seat.
    func isSeated(_ id: UInt64) -> Bool { members[id]?.seat != nil }
    /// What `GET /api/matches` shows now.
    var summary: MatchSummary {
        var summary = MatchMessages.summary(id: id, snapshot: tree.snapshot, members: members, timeControl: timeControl, gameID: gameID)
        summary.waitingSince = seatedSince.waitingSince(tree.snapshot.players)?.wireTimestamp
        if isRated { summary.rated = true }
        return summary
    }
    /// Whether someone is connected now, or since when nobody is.
    var activity: MatchActivity { members.isEmpty ? .since(lastConnectionClosed) : .now }
    /// The match's RIB tree as it is now (`GET /api/matches/{id}/ribs`); nil once torn down.
    var ribTree: RIBDescription? { tree.ribTree }
    /// What the store keeps beside the log, for the lobby.
    var storedSummary: StoredSummary {
        let snapshot = tree.snapshot
        var summary = StoredSummary(
            phase: snapshot.phase, players: snapshot.players, score: snapshot.score, listed: isListed, timeControl: timeControl,
            gameId: gameID, waitingSince: seatedSince.waitingSince(snapshot.players))
        summary.rated = isRated
        return summary
    }

    // MARK: - Connections

    /// `connection` joins as a spectator: it gets a `welcome`; everyone hears of it in the next
    /// coalesced `presence`.
    mutating func connect(_ connection: Connection, at now: Moment) -> MatchChange {
        members.add(connection)
        var change = MatchChange(direct: [(connection, welcome(for: nil, at: now))], presenceChanged: true)
        change.log(.info, "connection opened", ["connection": "\(connection.id)", "address": "\(connection.remoteAddress)"])
        return change
    }

    /// Connection `connectionID` left (nothing when it was no member). A seat it leaves without
    /// connections starts its timeout.
    mutating func disconnect(_ connectionID: UInt64, at now: Moment) -> MatchChange {
        guard let member = members.remove(connectionID) else { return MatchChange() }
        lastPhrase[connectionID] = nil
        if members.isEmpty { lastConnectionClosed = now.date }
        var change = MatchChange(presenceChanged: true)
        change.log(.info, "connection closed", ["connection": "\(connectionID)"])
        if let seat = member.seat, !members.isConnected(seat) { startTimeout(seat, at: now, into: &change) }
        return change
    }

    /// The coalesced `presence` to everyone (`MatchHost.presenceInterval`).
    mutating func presenceChange(at now: Moment) -> MatchChange {
        MatchChange(broadcasts: [presence(at: now)])
    }

    /// Queues `item` for connection `id` (see `Members.push`, which applies the slow-reader policy).
    mutating func push(_ item: OutboundItem, to id: UInt64, resyncs: Bool) -> Members.Overflow? {
        members.push(item, to: id, resyncs: resyncs)
    }

    // MARK: - The audience on other servers

    /// The spectators other servers relay (`MatchAudiences`): counted in every `presence` and `welcome`.
    var spectatorsElsewhere: Int {
        get { members.spectatorsElsewhere }
        set { members.spectatorsElsewhere = newValue }
    }

    /// The version of the last message built.
    var version: Int { messages.version }

    /// The `welcome` a spectator would get at `now`: what a server relaying the match shows those that
    /// arrive.
    func spectatorWelcome(at now: Moment) -> ServerMessage { welcome(for: nil, at: now) }

    /// A fresh `welcome` for `connection`, whose backlog was dropped.
    func resync(_ connection: Connection, seat: Seat?, at now: Moment) -> MatchChange {
        var change = MatchChange(direct: [(connection, welcome(for: seat, at: now))])
        change.log(
            .notice, "refused",
            [
                "connection": "\(connection.id)",
                "reason": "\(seat == nil ? "spectator" : "player") too slow, backlog replaced by a snapshot",
            ])
        return change
    }

    /// Forgets every connection and detaches every RIB; the host cancels its deadlines.
    mutating func tearDown() {
        _ = tokens.stopAllTimeouts()
        members.removeAll()
        tree.tearDown()
    }
}

/// A seat's running timeout: when it started and when it fires. The host's timer for it is
/// `RoomDeadline.seatTimeout`; the room keeps the times, which every away player's message tells.
struct SeatTimer: Equatable {
    /// When it started: when the seat's last connection closed, or the host started without one.
    let started: HostClock.Instant
    /// When it fires.
    let deadline: HostClock.Instant
}

/// How long a seat without a connection has, from when a message is built.
struct AwayTimes {
    /// Before the seat times out and is freed.
    var timeoutLeft: Duration
    /// Before the opponent may claim the game being played (zero once they may).
    var claimableIn: Duration
}
