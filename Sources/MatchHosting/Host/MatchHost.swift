import Foundation
import Logging
import MatchStore
import MatchTree
import MatchWords
import RIBs
import Synchronization
import WireProtocol

/// Hosts one match: owns its `MatchRoom` (the tree in it never leaves this actor, which is its serial
/// executor) and carries out what the room returns for each event: the records through the commit
/// pipeline ("write before tell", `MatchHost+Commit.swift`), the deadlines through `HostTimers`, the
/// lines to log and the figures to count.
///
/// Each event reads the clock once (`HostTimers.now()`) and hands that moment down, so that every
/// message built for it carries the same figures.
package actor MatchHost: InboundHandling {
    package nonisolated let id: MatchID
    package nonisolated let createdAt: Date
    /// What `GET /api/matches` shows: updated when the messages of a change are delivered, and when
    /// the last connection closes.
    package nonisolated let published: Mutex<Published>
    private nonisolated let mailbox = HostMailbox<Inbound>()

    let store: any MatchStore
    let settings: Settings
    let logger: Logger

    var room: MatchRoom
    var timers: HostTimers
    var commits = CommitPipeline()
    var claimants = Claimants()
    /// The match's rated games (issue 42): which end rated, and those waiting for their ratings.
    var ratings: HostRatings
    /// When something last happened here (`expireIfIdle`).
    var lastActivity: HostClock.Instant
    var reportedSpectators = 0
    /// What `store.publish` was last given, so that it is called only when it changes.
    var publishedPresence: LivePresence?
    /// Which hosting of the match this is, for the servers relaying it (`AudienceFrames.hosting`): never
    /// 0, which a relay gives what it read from the store.
    nonisolated let hosting = UInt64.random(in: 1...UInt64.max)
    /// The spectators each other server relays (`MatchAudiences`), by server; empty when none does,
    /// and then nothing is told to relays.
    var audience: [String: Int] = [:]
    /// The reads of the relays' counts (`readAudience`), and the counts heard while they were in flight.
    var audienceReads = AudienceReads()
    package static let audienceCheckInterval = Duration.seconds(5)

    /// How long connections coming and going are gathered into one `presence` to everyone: a
    /// broadcast per connection would cost O(n) each, O(n²) for n connections churning.
    package static let presenceInterval = Duration.milliseconds(100)
    /// In a match with more connections, the wait grows with them, to a second from 1,000 on: each
    /// `presence` costs a write to every connection, so a crowd arriving or leaving at a steady rate
    /// costs O(n) writes a second rather than O(n²) (measured: 10,000 spectators took 95 s to connect
    /// with a `presence` every 100 ms). Players' own comings and goings are told at once by the changes
    /// that seat them; only the connected marks and the count wait.
    package static func presenceInterval(connections: Int) -> Duration {
        presenceInterval * max(1, min(10, connections / 100))
    }
    /// A coalesced `presence` is due (`presenceInterval`); tests wait for it to be sent.
    var presenceIsDue: Bool { timers.isSet(.presence) }
    private(set) var isClosed = false
    /// `shutdown` began: its connections are being closed and its writes drained.
    var isShuttingDown = false

    /// Opens a match from its log (a new match's log holds only `created`).
    /// - Throws: `MatchLog.InconsistentLog` when the tree refuses the log.
    package init(id: MatchID, createdAt: Date, records: [StoredRecord], store: any MatchStore, settings: Settings, logger: Logger) throws {
        self.id = id
        self.createdAt = createdAt
        self.store = store
        self.settings = settings
        var logger = logger
        logger[metadataKey: "match"] = .string(id.rawValue)
        self.logger = logger
        // The timers call back through the actor, which exists only at the end of this initializer: they
        // find it through `host`, weakly, so that a timer waiting never keeps a torn-down host alive.
        let host = WeakHost()
        timers = HostTimers(clock: settings.clock) { deadline, generation in
            await host.value?.deadlineCame(deadline, generation: generation)
        }
        let now = timers.now()
        lastActivity = now.instant
        room = try MatchRoom(
            id: id, records: records, games: settings.games, rules: settings.roomRules, trackingTag: settings.trackingTag, at: now)
        var endings = RatedEndings(isRated: room.isRated, games: settings.games)
        let ended = endings.take(records, of: id)
        ratings = HostRatings(endings: endings, endedBeforeLoad: ended)
        published = Mutex(Published(summary: room.summary, activity: room.activity, listed: room.isListed))
        host.set(self)
    }

    /// Starts the seat timeouts of seats restored without connections, and the computer's move when
    /// one is due (a match restored after a crash plays on).
    package func start() {
        let now = timers.now()
        perform(room.start(at: now), at: now)
        // A game restored mid-turn: its clock runs from now (the restore set it), not from before.
        watchClock(deadline: room.clockDeadline)
    }

    /// The registry installed this host: from now on other servers' counts reach it. Servers may be
    /// relaying the match already (it was hosted elsewhere before): they get a welcome from this hosting
    /// at once, and its counts. Read only now, not at `start`: a count a server committed after that
    /// read, whose notification came before the install, was lost both ways, and its spectators never
    /// got a welcome (the database failover cluster test met it once in ten runs).
    package func installed() {
        if store.relaysAudiences { checkAudience(welcomingFirst: true) }
    }

    // MARK: - Inbound

    /// Adds a connection as a spectator and sends it a `welcome`.
    ///
    /// A match holding `maxConnections` still lets in one connection per seat that no connected player
    /// holds, taken or free (a claimant), so that spectators filling a match can neither keep a player
    /// from coming back nor the invited friend from sitting down: a claimant must take a seat (`resume`,
    /// `login`) within `claimTimeout` or is closed 1013, and a new one replaces the oldest when there
    /// are as many as seats waiting (a stranger holding the place is pushed out by the player, who takes
    /// the seat at once).
    package func connect(_ connection: Connection) -> ConnectResult {
        guard !isClosed, !isShuttingDown else { return .closed }
        let now = timers.now()
        if room.connectionCount >= settings.maxConnections {
            // The places kept for players are not for a connection that can never sit.
            guard !connection.watchesOnly else { return .full }
            let waiting = room.seatsAwaitingPlayers
            guard waiting > 0 else { return .full }
            let admitted = claimants.admit(connection, seatsWaiting: waiting, timeout: settings.claimTimeout, at: now)
            for replaced in admitted.replaced { closeClaimant(replaced, reason: "replaced by a newer claimant") }
            timers.apply(admitted.deadlines)
        }
        perform(room.connect(connection, at: now), at: now)
        return .connected
    }

    private func closeClaimant(_ connection: Connection, reason: String) {
        logger.notice("refused", metadata: ["connection": "\(connection.id)", "reason": "claimant \(reason), closed 1013"])
        _ = connection.queue.push(.close(code: 1013, reason: "This match is full or gone; try again later."))
    }

    /// Removes a connection; a seat left without connections starts its timeout.
    package func disconnect(_ connectionID: UInt64) {
        if let cancel = claimants.settle(connectionID) { timers.apply([cancel]) }
        let now = timers.now()
        let change = room.disconnect(connectionID, at: now)
        guard !change.tellsNothing else { return }
        lastActivity = now.instant
        guard !isClosed else { return }
        perform(change, at: now)
    }

    /// Queues `inbound` of connection `connectionID` for the actor. Callable from anywhere; never waits.
    package nonisolated func deliver(_ inbound: Inbound, from connectionID: UInt64) {
        if mailbox.post(inbound, from: connectionID) { Task { await self.drainMailbox() } }
    }

    private func drainMailbox() {
        mailbox.drain { connectionID, inbound in inbound.dispatch(from: connectionID, to: self) }
    }

    /// Handles one decoded message of a connection.
    package func handle(_ message: ClientMessage, from connectionID: UInt64) {
        guard !isClosed else { return }
        let now = timers.now()
        // A move that arrives once its clock has run out (before the watch said so) is too late: the
        // game ends by time first, and the move finds it over.
        if room.timeControl != nil, case .play = message {
            perform(room.timeRanOutIfDue(at: now), at: now)
            // Likewise a first move that comes once its window has passed: the game is aborted first.
            perform(room.firstMoveMissedIfDue(at: now), at: now)
        }
        let change = room.handle(message, from: connectionID, at: now)
        perform(change, at: now)
        if !claimants.isEmpty, room.isSeated(connectionID), let cancel = claimants.settle(connectionID) { timers.apply([cancel]) }
    }

    /// Answers a message that could not be decoded or was over a limit.
    package func refuse(_ code: ErrorCode, message: String? = nil, to connectionID: UInt64) {
        let now = timers.now()
        perform(room.refusal(code, message: message, to: connectionID), at: now)
    }

    // MARK: - Carrying out what the room returns

    /// Logs and counts what `change` notes, sets its deadlines, and commits what it records and tells.
    func perform(_ change: MatchChange, at now: Moment) {
        note(change.notes)
        timers.apply(change.deadlines)
        guard !change.tellsNothing else { return }
        if !change.records.isEmpty || !change.direct.isEmpty || !change.broadcasts.isEmpty { lastActivity = now.instant }
        commit(change, at: now)
    }

    private func note(_ notes: [RoomNote]) {
        for note in notes {
            switch note {
            case .log(let level, let message, let metadata):
                // The metadata is an autoclosure: converted only when the line is logged.
                logger.log(level: level.loggerLevel, "\(message)", metadata: metadata.mapValues { .string($0) })
            case .applied(let input, let events):
                settings.metrics.applied(input, events)
                logger.logOutcomes(of: events)
            case .errorSent(let message):
                settings.metrics.errorSent(message)
            }
        }
    }

    /// A deadline set through `timers` came (on its own task, handed to the actor).
    func deadlineCame(_ deadline: RoomDeadline, generation: UInt64) {
        // The flag's deadline is kept by the server's one flag watch, not by `timers`: nothing to check.
        guard !isClosed, deadline == .flag || timers.fired(deadline, generation: generation) else { return }
        let now = timers.now()
        switch deadline {
        case .seatTimeout(let seat): perform(room.seatTimedOut(seat, at: now), at: now)
        case .computerMove: perform(room.computerMoveDue(at: now), at: now)
        case .presence: sendPresence(at: now)
        case .claimant(let connectionID):
            if let connection = claimants.expire(connectionID) { closeClaimant(connection, reason: "took no seat in time") }
        case .audienceCheck: readAudience()
        case .flag: clockRanOut(at: now)
        case .firstMove: perform(room.firstMoveMissedIfDue(at: now), at: now)
        }
    }

    // MARK: - Presence

    /// Sends one `presence` to everyone `presenceInterval(connections:)` after the first change of who
    /// is connected, however many came or went meanwhile. The relayed spectators count: every server
    /// relaying the match forwards each `presence` to its own.
    func presenceChanged() {
        guard !timers.isSet(.presence), !isClosed else { return }
        timers.set(.presence, after: Self.presenceInterval(connections: room.connectionCount + room.spectatorsElsewhere))
    }

    private func sendPresence(at now: Moment) {
        // Servers relaying the match hear of presence too: their spectators count.
        guard room.connectionCount > 0 || !audience.isEmpty else {
            // Nobody to tell; the lobby still learns that nobody is connected any more, and since when.
            publish(room.summary)
            return
        }
        commit(room.presenceChange(at: now), at: now)
    }

    // MARK: - Clocks

    /// Has the flag watch call back when the running clock runs out (or forgets it when none runs).
    func watchClock(deadline: HostClock.Instant?) {
        guard room.timeControl != nil else { return }
        let owner = ObjectIdentifier(self)
        guard !isClosed, let deadline else {
            settings.flagWatch.disarm(owner)
            return
        }
        settings.flagWatch.arm(owner, at: deadline, fire: timers.flagCallback())
    }

    private func clockRanOut(at now: Moment) {
        let change = room.timeRanOutIfDue(at: now)
        perform(change, at: now)
        // Moved meanwhile, or woken a little early: watch the clock as it is now.
        if change.records.isEmpty { watchClock(deadline: room.clockDeadline) }
    }

    /// The RIB tree (`GET /api/matches/{id}/ribs`), read once no change waits in the outbox: the tree
    /// runs ahead of the store, and write before tell holds for this too, so the answer shows nothing
    /// the store does not hold and the connections were not told. Nil once the match is closed.
    package func ribTree() async -> RIBDescription? {
        guard !isClosed else { return nil }
        if commits.outbox.isEmpty { return room.ribTree }
        return await withCheckedContinuation { commits.ribTreeWaiters.append($0) }
    }

    // MARK: - Teardown

    /// Tears the tree down when nobody is connected, nothing is pending and nothing happened since
    /// `cutoff`. Returns whether it did.
    package func expireIfIdle(before cutoff: HostClock.Instant) -> Bool {
        guard !isClosed, room.connectionCount == 0, commits.isIdle, lastActivity < cutoff else { return false }
        tearDown()
        logger.info("match expired from memory")
        return true
    }

    /// Closes every connection with `code`, waits for pending writes, then tears the tree down.
    package func shutdown(code: UInt16, reason: String) async {
        // Closed to newcomers at once: a connection let in while the writes drain would be told nothing
        // and never closed.
        isShuttingDown = true
        closeConnections(code: code, reason: reason)
        await writesDrained()
        tearDown()
    }

    func fail() {
        closeConnections(code: 1011, reason: "Storage failed; reconnect.")
        tearDown()
    }

    /// Another server hosts the match now: what this one has not stored is told to nobody, and its
    /// connections reconnect, which lands them on the new host.
    func handOver() {
        closeConnections(code: Self.movedCode, reason: Self.movedReason)
        tearDown()
    }

    /// The close of a match another server took (RFC 6455's "Service Restart": reconnect).
    package static let movedCode: UInt16 = 1012
    package static let movedReason = "Match moved to another server; reconnect."

    private func closeConnections(code: UInt16, reason: String) {
        for connection in room.connections { _ = connection.queue.push(.close(code: code, reason: reason)) }
    }

    private func tearDown() {
        guard !isClosed else { return }
        isClosed = true
        claimants.removeAll()
        timers.cancelAll()
        if room.timeControl != nil { settings.flagWatch.disarm(ObjectIdentifier(self)) }
        settings.metrics.spectators(0, reported: &reportedSpectators)
        commits.outbox.removeAll()
        commits.answerRIBTreeWaiters(with: nil)
        room.tearDown()
    }
}

/// A weak reference to a host, set once it exists.
private final class WeakHost: Sendable {
    private struct Reference { weak var host: MatchHost? }
    private let reference = Mutex(Reference())

    func set(_ host: MatchHost) { reference.withLock { $0.host = host } }
    var value: MatchHost? { reference.withLock { $0.host } }
}
