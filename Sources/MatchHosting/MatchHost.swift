import Foundation
import Logging
import MatchStore
import MatchTree
import MatchWords
import NIOCore
import RIBs
import Synchronization
import WireProtocol

/// Hosts one match: owns its `MatchRoom` (the tree in it never leaves this actor, which is its serial
/// executor), runs its seat timers and carries out "write before tell".
///
/// Every change the room makes goes through `commit`: its records wait in `PendingAppends` for the
/// match's one writer loop, and the messages reporting it wait in the `Outbox` until the store says the
/// records are durable. Messages that report nothing new (a welcome, an error, presence) wait behind
/// earlier changes too, so every connection sees the versions in order.
package actor MatchHost: InboundHandling {
    package nonisolated let id: MatchID
    package nonisolated let createdAt: Date
    /// What `GET /api/matches` shows: updated when the messages of a change are delivered, and when
    /// the last connection closes.
    package nonisolated let published: Mutex<Published>
    private nonisolated let mailbox = HostMailbox<Inbound>()

    private let store: any MatchStore
    private let settings: Settings
    private let logger: Logger

    private var room: MatchRoom
    private var outbox = Outbox<OutgoingChange>()
    private var appends = PendingAppends()
    private var writesDrained: [CheckedContinuation<Void, Never>] = []
    /// Requests for the RIB tree waiting for the outbox to empty (see `ribTree()`).
    private var ribTreeWaiters: [CheckedContinuation<RIBDescription?, Never>] = []
    private var lastActivity = ContinuousClock.now
    private var reportedSpectators = 0
    /// Set while `flush` delivers: a commit made meanwhile (a slow player's fresh welcome) only queues.
    private var isFlushing = false
    /// What `store.publish` was last given, so that it is called only when it changes.
    private var publishedPresence: LivePresence?
    /// A coalesced `presence` is due (`presenceInterval`); tests wait for it to be sent.
    private(set) var presenceIsDue = false
    /// Connections let in above the cap for players coming back (`connect`), by connection id.
    private var claimants: [UInt64: Claimant] = [:]
    /// The computer's pause before its move, if a computer is seated (`scheduleComputerMove`).
    private var computerTurn: Task<Void, Never>?
    /// Which hosting of the match this is, for the servers relaying it (`AudienceFrames.hosting`): never
    /// 0, which a relay gives what it read from the store.
    private nonisolated let hosting = UInt64.random(in: 1...UInt64.max)
    /// The spectators each other server relays (`MatchAudiences`), by server; empty when none does,
    /// and then nothing is told to relays.
    private var audience: [String: Int] = [:]
    /// Reads the counts again every `audienceCheckInterval` while some server relays the match: a
    /// server killed without saying so stops counting once it is taken for stopped.
    private var audienceCheck: Task<Void, Never>?
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
    private(set) var isClosed = false
    /// `shutdown` began: its connections are being closed and its writes drained.
    private var isShuttingDown = false

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
        let room = try MatchRoom(
            id: id, records: records, games: settings.games, seatTimeout: settings.seatTimeout, claimGrace: settings.claimGrace,
            trackingTag: settings.trackingTag,
            logger: logger, metrics: settings.metrics)
        self.room = room
        published = Mutex(Published(summary: room.summary, activity: room.activity, listed: room.isListed))
    }

    /// The summary the lobby shows, and the activity its `lastActive` tells.
    package struct Published: Sendable {
        package var summary: MatchSummary
        package var activity: MatchActivity
        /// Whether the creator asked for the match to be listed in the lobby.
        package var listed: Bool

        package init(summary: MatchSummary, activity: MatchActivity, listed: Bool) {
            self.summary = summary
            self.summary.lastActive = activity.wireText
            self.activity = activity
            self.listed = listed
        }

        /// Whether the lobby lists the match now: listed by its creator, one seat taken by a player who
        /// is connected (a match whose last player left, or whose player is away, would be joined only to
        /// wait for nobody), the other free.
        package var isOpenInLobby: Bool {
            listed && summary.players.count == 1 && summary.players.allSatisfy(\.connected)
        }
    }

    /// Starts the seat timeouts of seats restored without connections, and the computer's move when
    /// one is due (a match restored after a crash plays on).
    package func start() {
        for seat in room.takenSeats { startSeatTimeout(seat) }
        // A game restored mid-turn: its clock runs from now (the restore set it), not from before.
        watchClock()
        scheduleComputerMove()
        // Servers may be relaying the match already (it was hosted elsewhere before): they get a welcome
        // from this hosting at once, and its counts.
        if store.relaysAudiences { checkAudience(welcomingFirst: true) }
    }

    // MARK: - Seating without a connection

    /// Seats `occupants` in order without WebSocket connections (a match made for two people paired by
    /// the server, or to play the computer), then asks for game `gameID` when given (the launch
    /// workflow starts it with both seats taken), and returns once all of it is durable: the token of
    /// each person's seat, for them to `resume` with. A person's seat times out as any seat left
    /// without connections; the computer's never does.
    /// - Throws: `SeatingFailed` when the tree refuses one (those before it stay seated) or the store
    ///   fails (the match is closed).
    package func seat(_ occupants: [SeatOccupant], launching gameID: String? = nil) async throws -> [Seat: String] {
        var tokens: [Seat: String] = [:]
        for occupant in occupants {
            guard !isClosed else { throw SeatingFailed(reason: "the match is closed") }
            let seating: (change: MatchChange, seat: Seat?, token: String?)
            do {
                seating = try room.seat(occupant)
            } catch {
                throw SeatingFailed(reason: "\(occupant) refused: \(error)")
            }
            if let seat = seating.seat, let token = seating.token {
                tokens[seat] = token
                startSeatTimeout(seat)
            }
            lastActivity = .now
            commit(seating.change)
        }
        if let gameID {
            guard !isClosed else { throw SeatingFailed(reason: "the match is closed") }
            do {
                commit(try room.launch(gameID))
            } catch {
                throw SeatingFailed(reason: "launching \(gameID) refused: \(error)")
            }
        }
        if appends.isWriting { await withCheckedContinuation { writesDrained.append($0) } }
        guard !isClosed else { throw SeatingFailed(reason: "storing the seats failed") }
        return tokens
    }

    /// Lists the match in the lobby, as its creator asked when creating it: returns once that is
    /// durable, before anyone is told of the match.
    package func list() async throws {
        guard !isClosed else { throw SeatingFailed(reason: "the match is closed") }
        commit(room.list())
        if appends.isWriting { await withCheckedContinuation { writesDrained.append($0) } }
        guard !isClosed else { throw SeatingFailed(reason: "storing the listing failed") }
    }

    // MARK: - The computer

    /// Plays the computer's move after its pause, if one is seated: the pause starts again with every
    /// change of the match, so that it always follows the last move; the move is chosen when it ends.
    private func scheduleComputerMove() {
        computerTurn?.cancel()
        computerTurn = nil
        guard !isClosed, room.hasComputer else { return }
        let delay = room.computerPause(settings.computerDelay * Double.random(in: 0.75...1.25))
        computerTurn = Task { [weak self] in
            do { try await Task.sleep(for: delay) } catch { return }
            await self?.playComputerMove()
        }
    }

    private func playComputerMove() {
        computerTurn = nil
        guard !isClosed, let move = room.computerMove, let change = room.playComputerMove(move) else { return }
        lastActivity = .now
        commit(change)
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
        if room.connectionCount >= settings.maxConnections {
            // The places kept for players are not for a connection that can never sit.
            guard !connection.watchesOnly else { return .full }
            let waiting = room.seatsAwaitingPlayers
            guard waiting > 0 else { return .full }
            while claimants.count >= waiting, let oldest = claimants.min(by: { $0.value.since < $1.value.since }) {
                closeClaimant(oldest.key, reason: "replaced by a newer claimant")
            }
            claimants[connection.id] = Claimant(connection: connection, since: .now, deadline: claimDeadline(for: connection.id))
        }
        lastActivity = .now
        commit(room.connect(connection))
        return .connected
    }

    /// A connection let in above the cap for a player coming back.
    private struct Claimant {
        let connection: Connection
        let since: ContinuousClock.Instant
        let deadline: Task<Void, Never>
    }

    private func claimDeadline(for connectionID: UInt64) -> Task<Void, Never> {
        let timeout = settings.claimTimeout
        return Task { [weak self] in
            do { try await Task.sleep(for: timeout) } catch { return }
            await self?.claimExpired(connectionID)
        }
    }

    private func claimExpired(_ connectionID: UInt64) {
        guard claimants[connectionID] != nil else { return }
        closeClaimant(connectionID, reason: "took no seat in time")
    }

    private func closeClaimant(_ connectionID: UInt64, reason: String) {
        guard let claimant = claimants.removeValue(forKey: connectionID) else { return }
        claimant.deadline.cancel()
        logger.notice("refused", metadata: ["connection": "\(connectionID)", "reason": "claimant \(reason), closed 1013"])
        _ = claimant.connection.queue.push(.close(code: 1013, reason: "This match is full or gone; try again later."))
    }

    /// A claimant that took its seat is a player like any other.
    private func settleClaim(of connectionID: UInt64) {
        guard claimants[connectionID] != nil, room.isSeated(connectionID) else { return }
        claimants.removeValue(forKey: connectionID)?.deadline.cancel()
    }

    /// Removes a connection; a seat left without connections starts its timeout.
    package func disconnect(_ connectionID: UInt64) {
        claimants.removeValue(forKey: connectionID)?.deadline.cancel()
        guard let change = room.disconnect(connectionID) else { return }
        lastActivity = .now
        guard !isClosed else { return }
        if let seat = change.seatToTimeOut { startSeatTimeout(seat) }
        commit(change)
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
        // A move that arrives once its clock has run out (before the watch said so) is too late: the
        // game ends by time first, and the move finds it over.
        if room.timeControl != nil, case .play = message, let flag = room.timeRanOutIfDue() { commit(flag) }
        guard let change = room.handle(message, from: connectionID) else { return }
        lastActivity = .now
        commit(change)
        if !claimants.isEmpty { settleClaim(of: connectionID) }
    }

    /// Answers a message that could not be decoded or was over a limit.
    package func refuse(_ code: ErrorCode, message: String? = nil, to connectionID: UInt64) {
        room.refusal(code, message: message, to: connectionID).map(commit)
    }

    /// Sends one `presence` to everyone `presenceInterval(connections:)` after the first change of who
    /// is connected, however many came or went meanwhile. The relayed spectators count: every server
    /// relaying the match forwards each `presence` to its own.
    private func presenceChanged() {
        guard !presenceIsDue, !isClosed else { return }
        presenceIsDue = true
        let interval = Self.presenceInterval(connections: room.connectionCount + room.spectatorsElsewhere)
        Task { [weak self] in
            try? await Task.sleep(for: interval)
            await self?.sendPresence()
        }
    }

    private func sendPresence() {
        presenceIsDue = false
        guard !isClosed else { return }
        // Servers relaying the match hear of presence too: their spectators count.
        guard room.connectionCount > 0 || !audience.isEmpty else {
            // Nobody to tell; the lobby still learns that nobody is connected any more, and since when.
            publish(room.summary)
            return
        }
        commit(room.presenceChange())
    }

    private func startSeatTimeout(_ seat: Seat) {
        let timeout = settings.seatTimeout
        room.startTimeout(seat) { timer in
            Task { [weak self] in
                do { try await Task.sleep(for: timeout) } catch { return }
                await self?.seatTimedOut(seat, timer: timer)
            }
        }
    }

    // MARK: - Clocks

    /// Has the flag watch call back when the running clock runs out (or forgets it when none runs).
    private func watchClock(deadline: ContinuousClock.Instant? = nil) {
        guard room.timeControl != nil else { return }
        let owner = ObjectIdentifier(self)
        guard !isClosed, let deadline = deadline ?? room.clockDeadline else {
            settings.flagWatch.disarm(owner)
            return
        }
        settings.flagWatch.arm(owner, at: deadline) { [weak self] in
            Task { await self?.clockRanOut() }
        }
    }

    private func clockRanOut() {
        guard !isClosed else { return }
        if let change = room.timeRanOutIfDue() {
            commit(change)
        } else {
            // Moved meanwhile, or woken a little early: watch the clock as it is now.
            watchClock()
        }
    }

    private func seatTimedOut(_ seat: Seat, timer: UInt64) {
        guard !isClosed, let change = room.seatTimedOut(seat, timer: timer) else { return }
        commit(change)
    }

    /// The RIB tree (`GET /api/matches/{id}/ribs`), read once no change waits in the outbox: the tree
    /// runs ahead of the store, and write before tell holds for this too, so the answer shows nothing
    /// the store does not hold and the connections were not told. Nil once the match is closed.
    package func ribTree() async -> RIBDescription? {
        guard !isClosed else { return nil }
        if outbox.isEmpty { return room.ribTree }
        return await withCheckedContinuation { ribTreeWaiters.append($0) }
    }

    private func answerRIBTreeWaiters(with tree: RIBDescription?) {
        let waiters = ribTreeWaiters
        ribTreeWaiters = []
        waiters.forEach { $0.resume(returning: tree) }
    }

    // MARK: - Write before tell

    /// Queues the messages of `change` behind the records that make it durable.
    private func commit(_ change: MatchChange) {
        // A change with nothing to record or tell (a launch not taken) has nothing to wait for.
        guard !change.isEmpty else { return }
        // Only a recorded change moves a game on (a connection, a welcome or presence changes none).
        if !change.records.isEmpty { scheduleComputerMove() }
        if change.presenceChanged {
            presenceChanged()
            if change.records.isEmpty && change.direct.isEmpty && change.broadcasts.isEmpty { return }
        }
        let summary = change.changesSummary ? room.summary : nil
        let tellsAudience = !audience.isEmpty && (!change.broadcasts.isEmpty || change.welcomesAudience)
        let outgoing = OutgoingChange(
            direct: change.direct, broadcasts: change.broadcasts,
            // Listing every connection costs O(n): only for a broadcast (a welcome goes to one).
            everyone: change.broadcasts.isEmpty ? [] : room.connections, summary: summary,
            restartsClock: change.restartsClock,
            audience: tellsAudience ? (id, hosting, room.spectatorWelcome, room.version) : nil)
        let sequence = outbox.enqueue(outgoing, needsDurability: !change.records.isEmpty)
        if !change.records.isEmpty, appends.add(sequence: sequence, records: change.records, summary: room.storedSummary) {
            Task { await self.writeUnwritten() }
        }
        flush()
    }

    /// The match's one writer: appends in order, so the store's FIFO per match holds; batches what
    /// piled up while the previous append was in flight.
    private func writeUnwritten() async {
        while let batch = appends.nextBatch() {
            do {
                let started = ContinuousClock.now
                try await store.append(batch.records, summary: batch.summary, to: id, at: Date())
                appends.written(batch)
                settings.storageHealth.writeSucceeded()
                settings.metrics.storeWritten(since: started)
                outbox.markDurable(through: batch.lastSequence)
                flush()
            } catch MatchStoreError.appendedElsewhere {
                // Not a storage failure: another server loaded the match, and only it may write now.
                logger.notice("another server took the match; closing its connections so that they reconnect there")
                handOver()
                break
            } catch {
                settings.storageHealth.writeFailed()
                logger.error(
                    "store append failed; closing the match so that nobody is told what was not stored", metadata: ["error": "\(error)"])
                fail()
                break
            }
        }
        appends.writerStopped()
        let waiters = writesDrained
        writesDrained = []
        waiters.forEach { $0.resume() }
    }

    /// Delivers, in order, every change whose records are durable.
    ///
    /// Not re-entered: `send` may commit a fresh welcome in the middle of a change's deliveries, and a
    /// nested flush would deliver later changes to the connections the current one has not reached yet.
    private func flush() {
        guard !isFlushing else { return }
        isFlushing = true
        defer { isFlushing = false }
        while case let changes = outbox.releasable(), !changes.isEmpty {
            for change in changes { deliver(change) }
        }
        if outbox.isEmpty, !ribTreeWaiters.isEmpty { answerRIBTreeWaiters(with: room.ribTree) }
    }

    private func deliver(_ change: OutgoingChange) {
        for delivery in change.deliveries {
            for connection in delivery.recipients {
                send(delivery.payload, to: connection, resyncs: change.resynced.contains(connection.id))
            }
        }
        if let summary = change.summary { publish(summary) }
        if let frames = change.audience { store.tell(frames) }
        // The player learns of the turn now: their clock runs from here.
        if change.restartsClock { watchClock(deadline: room.clockStarted()) }
        settings.metrics.broadcastQueued(since: change.committedAt)
    }

    /// Shows `summary` in the lobby, with the room's activity, and hands who is connected to the store.
    private func publish(_ summary: MatchSummary) {
        let activity = room.activity
        let listed = room.isListed
        published.withLock { $0 = Published(summary: summary, activity: activity, listed: listed) }
        // Only when who is connected changed: most changes are moves, which change nobody's presence.
        let presence = LivePresence(summary, activity: activity)
        if presence != publishedPresence {
            publishedPresence = presence
            store.publish(presence, of: id)
        }
        settings.metrics.spectators(summary.spectators - room.spectatorsElsewhere, reported: &reportedSpectators)
    }

    private func send(_ payload: ByteBuffer, to connection: Connection, resyncs: Bool) {
        switch room.push(payload, to: connection.id, resyncs: resyncs) {
        case nil:
            break
        case .awaitsSnapshot(let seat):
            logger.notice(
                "refused",
                metadata: [
                    "connection": "\(connection.id)",
                    "reason": "\(seat == nil ? "spectator" : "player") too slow, backlog replaced by a snapshot",
                ])
            commit(room.resync(connection, seat: seat))
        }
    }

    // MARK: - The audience on other servers

    /// A server says how many spectators of this match it relays.
    package func audienceHeard(_ count: AudienceCount) {
        guard !isClosed else { return }
        var counts = audience
        counts[count.server] = count.spectators > 0 ? count.spectators : nil
        audienceChanged(to: counts, welcome: count.wantsWelcome && count.spectators > 0)
    }

    /// Reads every server's count from the store, now and every `audienceCheckInterval` while some
    /// server relays the match.
    private func checkAudience(welcomingFirst: Bool = false) {
        guard audienceCheck == nil else { return }
        audienceCheck = Task { [weak self, store, id] in
            var first = welcomingFirst
            while !Task.isCancelled {
                if let counts = try? await store.audience(of: id) {
                    guard let self, await self.audienceRead(counts, welcome: first) else { return }
                    first = false
                }
                try? await Task.sleep(for: MatchHost.audienceCheckInterval)
            }
        }
    }

    /// The counts as the store has them; returns whether to keep reading them.
    private func audienceRead(_ counts: [String: Int], welcome: Bool) -> Bool {
        guard !isClosed else { return false }
        audienceChanged(to: counts.filter { $0.value > 0 }, welcome: welcome)
        guard audience.isEmpty else { return true }
        audienceCheck = nil
        return false
    }

    private func audienceChanged(to counts: [String: Int], welcome: Bool) {
        let wasRelayed = !audience.isEmpty
        audience = counts
        let total = counts.values.reduce(0, +)
        if total != room.spectatorsElsewhere {
            room.spectatorsElsewhere = total
            presenceChanged()
        }
        if !audience.isEmpty, welcome || !wasRelayed { commit(MatchChange(welcomesAudience: true)) }
        if !audience.isEmpty { checkAudience() }
    }

    // MARK: - Teardown

    /// Tears the tree down when nobody is connected, nothing is pending and nothing happened since
    /// `cutoff`. Returns whether it did.
    package func expireIfIdle(before cutoff: ContinuousClock.Instant) -> Bool {
        guard !isClosed, room.connectionCount == 0, appends.isIdle, outbox.isEmpty, lastActivity < cutoff else { return false }
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
        if appends.isWriting { await withCheckedContinuation { writesDrained.append($0) } }
        tearDown()
    }

    private func fail() {
        closeConnections(code: 1011, reason: "Storage failed; reconnect.")
        tearDown()
    }

    /// Another server hosts the match now: what this one has not stored is told to nobody, and its
    /// connections reconnect, which lands them on the new host.
    private func handOver() {
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
        claimants.values.forEach { $0.deadline.cancel() }
        claimants = [:]
        computerTurn?.cancel()
        computerTurn = nil
        audienceCheck?.cancel()
        audienceCheck = nil
        if room.timeControl != nil { settings.flagWatch.disarm(ObjectIdentifier(self)) }
        settings.metrics.spectators(0, reported: &reportedSpectators)
        outbox.removeAll()
        answerRIBTreeWaiters(with: nil)
        room.tearDown()
    }
}
