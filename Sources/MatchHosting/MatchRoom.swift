import Foundation
import GameUnits
import Logging
import MatchStore
import MatchTree
import MatchWords
import NIOCore
import RIBs
import WireProtocol

/// A match as its connections meet it: the tree, who is connected and in which seat, the seats'
/// tokens, and the versions of what everyone was told. Turns each thing that happens (a connection,
/// a message, a seat timeout) into the `MatchChange` to record and tell, and logs and counts it;
/// carrying changes out (write before tell) and running the seat timers is its host's.
///
/// Not Sendable (it holds the tree): only its host actor uses it.
struct MatchRoom {
    let id: MatchID
    private let tree: HostedTree
    private var members = Members()
    private var tokens: SeatTokens<SeatTimer>
    private var timersStarted: UInt64 = 0
    private var messages: MatchMessages
    private let seatTimeout: Duration
    /// How long a seat must have had no connection before its opponent may claim the game.
    private let claimGrace: Duration
    /// Whether the creator asked for the match to be listed in the lobby (its log's `listed`).
    private(set) var isListed: Bool
    /// The match's time control (its log's `clockSet`); nil: no clocks, and nothing here is timed.
    let timeControl: TimeControl?
    /// When the running clock started: when the change that gave the turn was told (`clockStarted`).
    /// nil while that change waits for its records, or no clock runs. A match restored from its log
    /// starts it with the host: the time the match was unreachable is charged to nobody.
    private var turnToldAt: ContinuousClock.Instant?
    /// When the game being played started here; nil for one restored with the host (whose away seats'
    /// timers start with the host anyway). A claim waits for the grace from the later of this and the
    /// seat's going away, so that a game started while the opponent was away cannot be claimed at once.
    private var gameStartedAt: ContinuousClock.Instant?
    /// When each connection's last phrase was accepted (`chat`), for its one phrase a second.
    private var lastPhrase: [UInt64: ContinuousClock.Instant] = [:]
    /// When the last connection closed; until one opens, the log's last record.
    private var lastConnectionClosed: Date
    private let logger: Logger
    private let metrics: ServerMetrics
    /// The games the match offers: they read its moves, write its records and word its refusals.
    private let games: GameCatalog

    /// Opens the room of match `id` from its log (a new match's log holds only `created`).
    /// - Parameter seatTimeout: how long a seat without a connection is kept (told to the clients).
    /// - Throws: `MatchLog.InconsistentLog` when the tree refuses the log.
    init(
        id: MatchID, records: [StoredRecord], games: GameCatalog, seatTimeout: Duration = .seconds(60),
        claimGrace: Duration = .seconds(20), trackingTag: String?, logger: Logger, metrics: ServerMetrics
    ) throws {
        self.claimGrace = claimGrace
        isListed = records.contains { $0.record == .listed }
        timeControl = MatchRecord.timeControl(in: records)
        self.id = id
        self.games = games
        tree = try HostedTree(replaying: records, games: games, trackingTag: trackingTag)
        tokens = SeatTokens(hashes: tree.restoredSeats)
        self.seatTimeout = seatTimeout
        messages = MatchMessages(seatTimeout: seatTimeout)
        lastConnectionClosed = records.last?.at ?? Date()
        hasComputer = tree.snapshot.players.contains { $0.computer != nil }
        if tree.snapshot.clock?.running != nil { turnToldAt = .now }
        self.logger = logger
        self.metrics = metrics
    }

    var connectionCount: Int { members.count }
    /// Every connection, spectators included.
    var connections: [Connection] { members.connections }
    /// The seats a token holds (restored from the log: their timeouts start with the host).
    var takenSeats: [Seat] { tokens.takenSeats }
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
    var summary: MatchSummary { MatchMessages.summary(id: id, snapshot: tree.snapshot, members: members, timeControl: timeControl) }
    /// Whether someone is connected now, or since when nobody is.
    var activity: MatchActivity { members.isEmpty ? .since(lastConnectionClosed) : .now }
    /// The match's RIB tree as it is now (`GET /api/matches/{id}/ribs`); nil once torn down.
    var ribTree: RIBDescription? { tree.ribTree }
    /// What the store keeps beside the log, for the lobby.
    var storedSummary: StoredSummary {
        let snapshot = tree.snapshot
        return StoredSummary(
            phase: snapshot.phase, players: snapshot.players, score: snapshot.score, listed: isListed, timeControl: timeControl)
    }

    // MARK: - Connections

    /// `connection` joins as a spectator: it gets a `welcome`; everyone hears of it in the next
    /// coalesced `presence`.
    mutating func connect(_ connection: Connection) -> MatchChange {
        members.add(connection)
        logger.info("connection opened", metadata: ["connection": "\(connection.id)", "address": "\(connection.remoteAddress)"])
        return MatchChange(direct: [(connection, welcome(for: nil))], presenceChanged: true)
    }

    /// Connection `connectionID` left; nil when it was no member. A seat it leaves without
    /// connections is to time out.
    mutating func disconnect(_ connectionID: UInt64) -> MatchChange? {
        guard let member = members.remove(connectionID) else { return nil }
        lastPhrase[connectionID] = nil
        logger.info("connection closed", metadata: ["connection": "\(connectionID)"])
        if members.isEmpty { lastConnectionClosed = Date() }
        var change = MatchChange(presenceChanged: true)
        if let seat = member.seat, !members.isConnected(seat) { change.seatToTimeOut = seat }
        return change
    }

    /// The coalesced `presence` to everyone (`MatchHost.presenceInterval`).
    mutating func presenceChange() -> MatchChange {
        MatchChange(broadcasts: [presence()])
    }

    /// Queues `payload` for connection `id` (see `Members.push`, which applies the slow-reader policy).
    mutating func push(_ payload: ByteBuffer, to id: UInt64, resyncs: Bool) -> Members.Overflow? {
        members.push(payload, to: id, resyncs: resyncs)
    }

    // MARK: - The audience on other servers

    /// The spectators other servers relay (`MatchAudiences`): counted in every `presence` and `welcome`.
    var spectatorsElsewhere: Int {
        get { members.spectatorsElsewhere }
        set { members.spectatorsElsewhere = newValue }
    }

    /// The version of the last message built.
    var version: Int { messages.version }

    /// The `welcome` a spectator would get now: what a server relaying the match shows those that arrive.
    var spectatorWelcome: ServerMessage { welcome(for: nil) }

    /// A fresh `welcome` for `connection`, whose backlog was dropped.
    func resync(_ connection: Connection, seat: Seat?) -> MatchChange {
        MatchChange(direct: [(connection, welcome(for: seat))])
    }

    // MARK: - Messages

    /// What one decoded message of connection `connectionID` changes; nil when it is no member.
    mutating func handle(_ message: ClientMessage, from connectionID: UInt64) -> MatchChange? {
        guard let member = members[connectionID] else { return nil }
        // A connection opened to watch can never sit: said before anything else, so that the page knows
        // to reconnect without `watch`.
        if member.connection.watchesOnly, WatchOnly.refuses(message) { return refuse(.error(.watchOnly), to: member, reason: "watchOnly") }
        switch message {
        case .sync:
            return MatchChange(direct: [(member.connection, welcome(for: member.seat))])
        case .resume(let token):
            return resume(token: token, member: member)
        case .claimWin:
            return claimWin(by: member)
        case .chat(let phrase):
            return chat(phrase, from: member)
        case .login, .startGame, .play, .launchGame, .leave, .resign, .offerDraw, .acceptDraw, .declineDraw, .offerGame, .declineGame:
            // Who is away matters only to what may start a game: not worked out for every move.
            let startsAGame = if case .startGame = message { true } else if case .offerGame = message { true } else { false }
            let launches = if case .launchGame = message { true } else { false }
            guard
                let input = MatchInput(
                    message, games: games, opponentAway: startsAGame && (member.seat.map(isAway(opponentOf:)) ?? false),
                    playerAway: launches && tokens.takenSeats.contains { !members.isConnected($0) })
            else {
                // The reader took the message by a game's schema: only a game that reads its own message
                // differently would get here.
                return refuse(.error(.badMessage), to: member, reason: "no game reads \(message.type)")
            }
            return apply(input, from: member)
        }
    }

    /// The answer to a message of connection `connectionID` that could not be decoded or was over a
    /// limit; nil when it is no member.
    func refusal(_ code: ErrorCode, message: String?, to connectionID: UInt64) -> MatchChange? {
        members[connectionID].map { refuse(.error(code: code, message: message ?? code.defaultMessage), to: $0, reason: "\(code)") }
    }

    private func refuse(_ error: ServerMessage, to member: Members.Member, reason: String) -> MatchChange {
        logger.notice("refused", metadata: ["connection": "\(member.connection.id)", "reason": "\(reason)"])
        metrics.errorSent(error)
        return MatchChange(direct: [(member.connection, error)])
    }

    /// The tree's refusal of `input`, in the words of its game when it has its own.
    private func refuse(_ error: MatchError, of input: MatchInput, to member: Members.Member, sentence: String? = nil) -> MatchChange {
        let code = ErrorCode(error)
        let sentence = sentence ?? games.sentence(refusing: error, of: input) ?? MatchWording.sentence(refusing: error, of: input)
        return refuse(.error(code: code, message: sentence ?? code.defaultMessage), to: member, reason: "\(error) on \(input)")
    }

    /// A seated player claims the game being played while the opponent's seat has no connection: after
    /// the claim grace, the claimer wins it and both seats stay (the away player may still come back).
    /// The tree checks the seat, the phase, the absence and the grace, in the protocol's order.
    private mutating func claimWin(by member: Members.Member) -> MatchChange {
        guard let seat = member.seat else { return refuse(.notSeated, of: .claimWin(opponent: .connected), to: member) }
        let waitLeft = claimableIn(seat.opponent)
        let opponent: OpponentPresence =
            switch waitLeft {
            case nil: .connected
            case let left? where left > .zero: .awayWithinGrace
            default: .awayPastGrace
            }
        let input = MatchInput.claimWin(opponent: opponent)
        do {
            let events = try tree.apply(input, by: seat)
            logger.info("game claimed", metadata: ["seat": "\(seat.rawValue)"])
            return accepted(input, by: seat, events: events, tokenHash: nil)
        } catch .tooEarly {
            let seconds = Int((MatchMessages.seconds(waitLeft ?? .zero)).rounded(.up))
            return refuse(
                .tooEarly, of: input, to: member,
                sentence: "Your opponent may be back soon: you can claim the game in \(seconds) second\(seconds == 1 ? "" : "s").")
        } catch {
            return refuse(error, of: input, to: member)
        }
    }

    /// A seated player's phrase, told to everyone and stored nowhere (it is no part of the match's state:
    /// a reconnecting client gets none of those said before). Checked in the protocol's order: the
    /// seat, the phrase, then one phrase a second per connection.
    private mutating func chat(_ phrase: String, from member: Members.Member) -> MatchChange {
        guard let seat = member.seat else { return refuse(.error(.notSeated), to: member, reason: "notSeated (chat)") }
        guard ChatPhrase(rawValue: phrase) != nil else {
            return refuse(
                .error(code: .badMessage, message: "There is no phrase \"\(phrase.prefix(40))\"; the phrases are \(ChatPhrase.listed)."),
                to: member, reason: "badMessage (unknown phrase)")
        }
        let now = ContinuousClock.now
        if let last = lastPhrase[member.connection.id], now - last < Self.phraseInterval {
            return refuse(
                .error(code: .rateLimited, message: "One phrase a second: wait a moment before the next."), to: member,
                reason: "rateLimited (chat)")
        }
        lastPhrase[member.connection.id] = now
        return MatchChange(broadcasts: [messages.chat(seat: seat, phrase: phrase)])
    }

    /// The shortest time between two phrases of one connection.
    static let phraseInterval = Duration.seconds(1)

    /// Whether the opponent of `seat` is a person whose seat has no connection: no game starts then.
    private func isAway(opponentOf seat: Seat) -> Bool {
        tokens.isTaken(seat.opponent) && !members.isConnected(seat.opponent)
    }

    /// How long until the opponent of `seat`'s player may claim the game, counted from when `seat`'s
    /// connections all closed (or its host started); zero once they may; nil while a connection (or
    /// the computer) plays `seat`.
    private func claimableIn(_ seat: Seat) -> Duration? {
        guard tokens.isTaken(seat), !members.isConnected(seat) else { return nil }
        // A seat without a connection always has its timeout running; without one, nothing is known of
        // when it went away, and it is not claimed on a guess.
        guard let timer = tokens.timeout(of: seat) else { return claimGrace }
        return Self.claimableIn(since: timer.started, gameStartedAt: gameStartedAt, grace: claimGrace, now: .now)
    }

    /// How long until the grace has passed since the later of the seat's going away and the game's start.
    private static func claimableIn(
        since awaySince: ContinuousClock.Instant, gameStartedAt: ContinuousClock.Instant?, grace: Duration, now: ContinuousClock.Instant
    ) -> Duration {
        max(.zero, max(awaySince, gameStartedAt ?? awaySince) + grace - now)
    }

    private mutating func resume(token: String, member: Members.Member) -> MatchChange {
        guard let seat = tokens.seat(heldBy: token) else { return refuse(.error(.badToken), to: member, reason: "badToken") }
        if let current = member.seat, current != seat {
            return refuse(.error(.alreadySeated), to: member, reason: "alreadySeated (resume of the other seat)")
        }
        members.seat(member.connection.id, in: seat)
        tokens.stopTimeout(seat)?.cancel()
        let name = tree.snapshot.players.first { $0.seat == seat }?.name ?? seat.defaultName
        logger.info("seat resumed", metadata: ["seat": "\(seat.rawValue)", "connection": "\(member.connection.id)"])
        let seated = ServerMessage.seated(seat: WireSeat(seat), name: name, token: token)
        return MatchChange(direct: [(member.connection, seated), (member.connection, welcome(for: seat))], broadcasts: [presence()])
    }

    private mutating func apply(_ input: MatchInput, from member: Members.Member) -> MatchChange {
        let input = timed(input, by: member.seat)
        let events: [MatchEvent]
        do {
            events = try tree.apply(input, by: member.seat)
        } catch {
            return refuse(error, of: input, to: member)
        }
        var direct: [(Connection, ServerMessage)] = []
        var tokenHash: Data?
        for case .seated(let player) in events {
            let issued = tokens.issue(for: player.seat)
            tokenHash = issued.hash
            members.seat(member.connection.id, in: player.seat)
            direct.append((member.connection, .seated(seat: WireSeat(player.seat), name: player.name, token: issued.token)))
            logger.info("seat taken", metadata: ["seat": "\(player.seat.rawValue)", "name": "\(player.name)"])
        }
        if case .leave = input, let seat = member.seat {
            releaseSeat(seat)
            logger.info("seat left", metadata: ["seat": "\(seat.rawValue)"])
        }
        var change = accepted(input, by: member.seat, events: events, tokenHash: tokenHash)
        change.direct = direct
        return change
    }

    /// The records and broadcasts of `input`, which the tree accepted from `seat` with `events`.
    private mutating func accepted(_ input: MatchInput, by seat: Seat?, events: [MatchEvent], tokenHash: Data?) -> MatchChange {
        let records = MatchLog.records(
            for: input, by: seat, events: events, tokenHash: tokenHash, drawn: tree.takeDrawn(), games: games)
        if events.contains(where: { if case .gameStarted = $0 { true } else { false } }) { gameStartedAt = .now }
        // The next clock runs from when this change is told, not from now: its records are written first.
        let restartsClock = timeControl != nil && events.contains { if case .clock = $0 { true } else { false } }
        if restartsClock { turnToldAt = nil }
        metrics.applied(input, events)
        logger.logOutcomes(of: events)
        return MatchChange(records: records, broadcasts: broadcasts(for: events), restartsClock: restartsClock)
    }

    // MARK: - Clocks

    /// `input` with the time its move took, when it is a move of `seat` whose clock runs: from when
    /// the turn was told to now (zero while the change that gave it waits for its records).
    private func timed(_ input: MatchInput, by seat: Seat?) -> MatchInput {
        guard timeControl != nil, case .play(let action, nil) = input, let seat, tree.snapshot.clock?.running == seat else {
            return input
        }
        return .play(action, took: turnToldAt.map { (.now - $0).roundedToMilliseconds } ?? .zero)
    }

    /// The change that gave the turn was told: the running clock starts now. Returns when it runs out,
    /// nil when no clock runs.
    mutating func clockStarted() -> ContinuousClock.Instant? {
        guard let clock = tree.snapshot.clock, let seat = clock.running else {
            turnToldAt = nil
            return nil
        }
        let now = ContinuousClock.now
        turnToldAt = now
        return now + clock.remaining(seat)
    }

    /// When the running clock runs out; nil when none runs, or its turn is not told yet.
    var clockDeadline: ContinuousClock.Instant? {
        guard timeControl != nil, let turnToldAt, let clock = tree.snapshot.clock, let seat = clock.running else { return nil }
        return turnToldAt + clock.remaining(seat)
    }

    /// The running clock has run out: the game ends by time, won by the opponent. nil when it has not
    /// (no clock runs, or time is left), which changes nothing.
    mutating func timeRanOutIfDue() -> MatchChange? {
        guard let deadline = clockDeadline, ContinuousClock.now >= deadline, let seat = tree.snapshot.clock?.running,
            let events = applyForTheHost(.timeRanOut, by: seat)
        else { return nil }
        logger.info("time ran out", metadata: ["seat": "\(seat.rawValue)"])
        return accepted(.timeRanOut, by: seat, events: events, tokenHash: nil)
    }

    /// The events of `input`, which the host asks for `seat` (a timeout, a clock run out) once it has
    /// checked it is due; nil, logged as an error, should the tree refuse it all the same.
    private func applyForTheHost(_ input: MatchInput, by seat: Seat) -> [MatchEvent]? {
        do {
            return try tree.apply(input, by: seat)
        } catch {
            logger.error("\(input) refused by the tree", metadata: ["seat": "\(seat.rawValue)", "error": "\(error)"])
            return nil
        }
    }

    /// How long the computer of `seat` may pause before its move: its usual `pause`, but never more than
    /// a tenth of what its clock has left (its pause counts against its own time).
    func computerPause(_ pause: Duration) -> Duration {
        guard timeControl != nil, let clock = tree.snapshot.clock, let seat = clock.running, let left = clockLeft(seat) else {
            return pause
        }
        return min(pause, left / 10)
    }

    /// What `seat`'s clock has left now.
    private func clockLeft(_ seat: Seat) -> Duration? {
        guard let clock = tree.snapshot.clock else { return nil }
        let elapsed = clock.running == seat ? turnToldAt.map { .now - $0 } ?? .zero : .zero
        return max(.zero, clock.remaining(seat) - elapsed)
    }

    // MARK: - Server-side seating and the computer

    /// Seats `occupant` without a connection, as its login would: a person gets a token, returned for
    /// them to `resume` with (their seat's timeout starts with the host, as a restored seat's), the
    /// computer none. A person's name the tree refuses gives the seat's default name: nobody is there
    /// to be asked for another. Throws, changing nothing, when the tree refuses the seating (`matchFull`).
    mutating func seat(_ occupant: SeatOccupant) throws(MatchError) -> (change: MatchChange, seat: Seat?, token: String?) {
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
        var tokenHash: Data?
        for case .seated(let player) in events {
            seat = player.seat
            logger.info("seat taken by the server", metadata: ["seat": "\(player.seat.rawValue)", "name": "\(player.name)"])
            guard case .person = occupant else {
                hasComputer = true
                continue
            }
            let issued = tokens.issue(for: player.seat)
            (token, tokenHash) = (issued.token, issued.hash)
        }
        return (accepted(input, by: nil, events: events, tokenHash: tokenHash), seat, token)
    }

    /// The creator asked for the match to be listed in the lobby (only when creating it).
    mutating func list() -> MatchChange {
        isListed = true
        logger.info("match listed in the lobby")
        return MatchChange(records: [.listed])
    }

    /// Asks for game `gameID` on the server's behalf, as a deep link's `launchGame` does: the launch
    /// workflow starts it once both seats are taken. Throws, changing nothing, when the tree refuses.
    mutating func launch(_ gameID: String) throws(MatchError) -> MatchChange {
        let input = MatchInput.launchGame(gameId: gameID)
        let events = try tree.apply(input, by: nil)
        return accepted(input, by: nil, events: events, tokenHash: nil)
    }

    /// The move the computer is to play now, if one is seated and it is its turn. Chooses it: as costly
    /// as the game's search.
    var computerMove: ComputerMove? { tree.computerMove }

    /// Whether the computer plays a seat. Asked after every recorded change (the host's computer
    /// turn), so kept rather than read from a snapshot built each time: the computer is seated by
    /// `seat(.computer)` or restored with the log, and never leaves.
    private(set) var hasComputer: Bool

    /// Plays `move` for the computer, as a person's move from its seat is played; nil when the tree
    /// refuses it (the game changed since the move was chosen), which changes nothing.
    mutating func playComputerMove(_ move: ComputerMove) -> MatchChange? {
        let input = timed(.play(move.action), by: move.seat)
        do {
            let events = try tree.apply(input, by: move.seat)
            return accepted(input, by: move.seat, events: events, tokenHash: nil)
        } catch {
            logger.error("computer move refused by the tree", metadata: ["seat": "\(move.seat.rawValue)", "error": "\(error)"])
            return nil
        }
    }

    // MARK: - Seats

    /// Starts `seat`'s timeout as the task `makeTask` returns for the timer's number (which the task
    /// gives back to `seatTimedOut`). It replaces (and cancels) the one running.
    mutating func startTimeout(_ seat: Seat, _ makeTask: (UInt64) -> Task<Void, Never>) {
        timersStarted += 1
        let now = ContinuousClock.now
        let timer = SeatTimer(number: timersStarted, task: makeTask(timersStarted), started: now, deadline: now + seatTimeout)
        tokens.startTimeout(seat, timer)?.cancel()
    }

    /// `seat`'s timeout number `timer` fired: nobody came back to it, so it leaves. nil when that no
    /// longer holds (the seat was left, or a connection resumed it), or when `timer` is not the seat's
    /// timeout any more: a timer that woke just before a `resume` stopped it still arrives, and after a
    /// new disconnect it must neither free the seat nor drop the newer timer.
    mutating func seatTimedOut(_ seat: Seat, timer: UInt64) -> MatchChange? {
        guard tokens.timeout(of: seat)?.number == timer else { return nil }
        _ = tokens.stopTimeout(seat)
        guard tokens.isTaken(seat), !members.isConnected(seat) else { return nil }
        // The tree gives the seat up as a leave, and a game being played ends with `seatTimeout`; the seat
        // is freed and its token dies.
        guard let events = applyForTheHost(.seatTimedOut, by: seat) else { return nil }
        releaseSeat(seat)
        logger.info("seat timed out", metadata: ["seat": "\(seat.rawValue)"])
        return accepted(.seatTimedOut, by: seat, events: events, tokenHash: nil)
    }

    /// The seat's token dies and its connections become spectators.
    private mutating func releaseSeat(_ seat: Seat) {
        tokens.release(seat)?.cancel()
        members.unseat(seat)
    }

    /// Cancels the seat timeouts, forgets every connection and detaches every RIB.
    mutating func tearDown() {
        tokens.stopAllTimeouts().forEach { $0.cancel() }
        members.removeAll()
        tree.tearDown()
    }

    // MARK: - Messages built from state

    private mutating func broadcasts(for events: [MatchEvent]) -> [ServerMessage] {
        messages.broadcasts(
            for: events, snapshot: tree.snapshot, members: members, clockElapsed: clockElapsed,
            awayTimes: { [tokens, members, claimGrace, gameStartedAt] in
                Self.awayTimes(tokens, members, claimGrace: claimGrace, gameStartedAt: gameStartedAt)
            })
    }

    private mutating func presence() -> ServerMessage {
        messages.presence(snapshot: tree.snapshot, members: members, awayTimes: awayTimes())
    }

    private func welcome(for seat: Seat?) -> ServerMessage {
        messages.welcome(
            for: seat, snapshot: tree.snapshot, members: members, timeControl: timeControl, clockElapsed: clockElapsed,
            awayTimes: awayTimes())
    }

    /// How long the running clock has run: the clocks a message tells are as of when it is built.
    private var clockElapsed: Duration {
        guard timeControl != nil, let turnToldAt else { return .zero }
        return .now - turnToldAt
    }

    /// For each seat without a connection, from now: how long before it times out, and before its
    /// opponent may claim the game.
    private func awayTimes() -> [Seat: AwayTimes] {
        Self.awayTimes(tokens, members, claimGrace: claimGrace, gameStartedAt: gameStartedAt)
    }

    private static func awayTimes(
        _ tokens: SeatTokens<SeatTimer>, _ members: Members, claimGrace: Duration, gameStartedAt: ContinuousClock.Instant?
    ) -> [Seat: AwayTimes] {
        let now = ContinuousClock.now
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

/// How long a seat without a connection has, from when a message is built.
struct AwayTimes {
    /// Before the seat times out and is freed.
    var timeoutLeft: Duration
    /// Before the opponent may claim the game being played (zero once they may).
    var claimableIn: Duration
}

/// A seat's running timeout: its task, and its number, which tells the timeout that fires from one
/// stopped or replaced since it woke.
struct SeatTimer {
    let number: UInt64
    let task: Task<Void, Never>
    /// When it started: when the seat's last connection closed, or the host started without one.
    let started: ContinuousClock.Instant
    /// When it fires.
    let deadline: ContinuousClock.Instant

    func cancel() { task.cancel() }
}
