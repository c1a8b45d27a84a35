import Foundation
import Logging
import NIOCore
import Storage
import Synchronization
import TicTacToe
import WireProtocol

/// Hosts one match: owns its RIB tree (the tree never leaves this actor, which is its serial executor)
/// and wires the values that keep the rest: `Members`, `SeatTokens`, the `MatchMessages` that number
/// its versions, and "write before tell".
///
/// Every change goes through `commit`: its records wait in `PendingAppends` for the match's one
/// writer loop, and the messages reporting it wait in the `Outbox` until the store says the records
/// are durable. Messages that report nothing new (a welcome, an error, presence) wait behind earlier
/// changes too, so every connection sees the versions in order.
actor MatchHost {
    nonisolated let id: String
    nonisolated let createdAt: Date
    /// What `GET /api/matches` shows: updated when the messages of a change are delivered.
    nonisolated let publishedSummary: Mutex<MatchSummary>
    private nonisolated let mailbox = HostMailbox<Inbound>()

    private let tree: HostedTree
    private let store: any MatchStore
    private let settings: Settings
    private let logger: Logger

    private var members = Members()
    private var tokens: SeatTokens<Task<Void, Never>>
    private var messages = MatchMessages()
    private var outbox = Outbox<OutgoingChange>()
    private var appends = PendingAppends()
    private var writesDrained: [CheckedContinuation<Void, Never>] = []
    private var lastActivity = ContinuousClock.now
    private var reportedSpectators = 0
    /// Set while `flush` delivers: a commit made meanwhile (a slow player's fresh welcome) only queues.
    private var isFlushing = false
    private(set) var isClosed = false

    /// Opens a match from its log (a new match's log holds only `created`).
    /// - Throws: `MatchLog.InconsistentLog` when the tree refuses the log.
    init(id: String, createdAt: Date, records: [StoredRecord], store: any MatchStore, settings: Settings, logger: Logger) throws {
        self.id = id
        self.createdAt = createdAt
        self.store = store
        self.settings = settings
        var logger = logger
        logger[metadataKey: "match"] = .string(id)
        self.logger = logger
        let tree = try HostedTree(replaying: records, trackingTag: settings.trackingTag)
        self.tree = tree
        tokens = SeatTokens(hashes: tree.restoredSeats)
        publishedSummary = Mutex(MatchMessages.summary(id: id, snapshot: tree.snapshot, members: Members()))
    }

    /// Starts the seat timeouts of seats restored without connections.
    func start() {
        for seat in tokens.takenSeats { startSeatTimeout(seat) }
    }

    // MARK: - Connections

    /// Adds a connection as a spectator and sends it a `welcome`.
    func connect(_ connection: Connection) -> ConnectResult {
        guard !isClosed else { return .closed }
        guard members.count < settings.maxConnections else { return .full }
        members.add(connection)
        lastActivity = .now
        logger.info("connection opened", metadata: ["connection": "\(connection.id)", "address": "\(connection.remoteAddress)"])
        commit(direct: [(connection, welcome(for: nil))], broadcasts: [presence()])
        return .connected
    }

    /// Removes a connection; a seat left without connections starts its timeout.
    func disconnect(_ connectionID: UInt64) {
        guard let member = members.remove(connectionID) else { return }
        lastActivity = .now
        logger.info("connection closed", metadata: ["connection": "\(connectionID)"])
        guard !isClosed else { return }
        if let seat = member.seat, !members.isConnected(seat) { startSeatTimeout(seat) }
        commit(broadcasts: [presence()])
    }

    /// Queues `inbound` of connection `connectionID` for the actor. Callable from anywhere; never waits.
    nonisolated func deliver(_ inbound: Inbound, from connectionID: UInt64) {
        if mailbox.post(inbound, from: connectionID) { Task { await self.drainMailbox() } }
    }

    private func drainMailbox() {
        while case let batch = mailbox.take(), !batch.isEmpty {
            for (connectionID, inbound) in batch {
                switch inbound {
                case .message(let message): handle(message, from: connectionID)
                case .undecodable(let reason): refuse(.badMessage, message: reason, to: connectionID)
                case .rateLimited: refuse(.rateLimited, to: connectionID)
                case .disconnected: disconnect(connectionID)
                }
            }
        }
    }

    // MARK: - Messages

    /// Handles one decoded message of a connection.
    func handle(_ message: ClientMessage, from connectionID: UInt64) {
        guard !isClosed, let member = members[connectionID] else { return }
        lastActivity = .now
        switch message {
        case .sync:
            commit(direct: [(member.connection, welcome(for: member.seat))])
        case .resume(let token):
            resume(token: token, member: member)
        case .login, .startGame, .move, .roll, .launchGame, .leave:
            if let input = MatchInput(message) { apply(input, from: member) }
        }
    }

    /// Answers a message that could not be decoded or was over a limit.
    func refuse(_ code: ErrorCode, message: String? = nil, to connectionID: UInt64) {
        guard let member = members[connectionID] else { return }
        reply(.error(code: code, message: message ?? code.defaultMessage), to: member, reason: "\(code)")
    }

    private func resume(token: String, member: Members.Member) {
        guard let seat = tokens.seat(heldBy: token) else { return reply(.error(.badToken), to: member, reason: "badToken") }
        if let current = member.seat, current != seat {
            return reply(.error(.alreadySeated), to: member, reason: "alreadySeated (resume of the other seat)")
        }
        members.seat(member.connection.id, in: seat)
        tokens.stopTimeout(seat)?.cancel()
        let name = tree.snapshot.players.first { $0.seat == seat }?.name ?? seat.defaultName
        logger.info("seat resumed", metadata: ["seat": "\(seat.rawValue)", "connection": "\(member.connection.id)"])
        let seated = ServerMessage.seated(seat: WireSeat(seat), name: name, token: token)
        commit(direct: [(member.connection, seated), (member.connection, welcome(for: seat))], broadcasts: [presence()])
    }

    private func apply(_ input: MatchInput, from member: Members.Member) {
        let events: [MatchEvent]
        do {
            events = try tree.apply(input, by: member.seat)
        } catch {
            return reply(.error(ErrorCode(error)), to: member, reason: "\(error) on \(input)")
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
        let records = MatchLog.records(for: input, by: member.seat, events: events, tokenHash: tokenHash, rolled: tree.lastDrawn)
        settings.metrics.applied(input, events)
        logger.logOutcomes(of: events)
        commit(records: records, direct: direct, broadcasts: broadcasts(for: events))
    }

    /// The seat's token dies and its connections become spectators.
    private func releaseSeat(_ seat: Seat) {
        tokens.release(seat)?.cancel()
        members.unseat(seat)
    }

    private func startSeatTimeout(_ seat: Seat) {
        let timeout = settings.seatTimeout
        tokens.startTimeout(seat, Task { [weak self] in
            do { try await Task.sleep(for: timeout) } catch { return }
            await self?.seatTimedOut(seat)
        })?.cancel()
    }

    private func seatTimedOut(_ seat: Seat) {
        _ = tokens.stopTimeout(seat)
        guard !isClosed, tokens.isTaken(seat), !members.isConnected(seat) else { return }
        let events: [MatchEvent]
        do {
            events = try tree.apply(.leave, by: seat)
        } catch {
            logger.error("seat timeout refused by the tree", metadata: ["seat": "\(seat.rawValue)", "error": "\(error)"])
            return
        }
        releaseSeat(seat)
        logger.info("seat timed out", metadata: ["seat": "\(seat.rawValue)"])
        settings.metrics.applied(.leave, events)
        commit(records: [.seatTimedOut(seat: seat)] + MatchLog.outcomeRecords(of: events), broadcasts: broadcasts(for: events))
    }

    // MARK: - Messages built from state

    private func broadcasts(for events: [MatchEvent]) -> [ServerMessage] {
        messages.broadcasts(for: events, snapshot: tree.snapshot, members: members)
    }

    private func presence() -> ServerMessage { messages.presence(snapshot: tree.snapshot, members: members) }

    private func welcome(for seat: Seat?) -> ServerMessage { messages.welcome(for: seat, snapshot: tree.snapshot, members: members) }

    // MARK: - Write before tell

    private func reply(_ message: ServerMessage, to member: Members.Member, reason: String) {
        if case .error = message {
            logger.notice("refused", metadata: ["connection": "\(member.connection.id)", "reason": "\(reason)"])
            settings.metrics.errorSent(message)
        }
        commit(direct: [(member.connection, message)])
    }

    /// Queues the messages of one change behind the records that make it durable.
    private func commit(records: [MatchRecord] = [], direct: [(Connection, ServerMessage)] = [], broadcasts: [ServerMessage] = []) {
        // An input that changed nothing (a launch not taken) has nothing to wait for or to tell.
        guard !records.isEmpty || !direct.isEmpty || !broadcasts.isEmpty else { return }
        let snapshot = tree.snapshot
        // Only a change that everyone hears of (state or presence) can change the summary.
        let summary = records.isEmpty && broadcasts.isEmpty ? nil : MatchMessages.summary(id: id, snapshot: snapshot, members: members)
        let change = OutgoingChange(direct: direct, broadcasts: broadcasts, everyone: members.connections, summary: summary)
        let sequence = outbox.enqueue(change, needsDurability: !records.isEmpty)
        let stored = StoredSummary(phase: snapshot.phase, players: snapshot.players, score: snapshot.score)
        if !records.isEmpty, appends.add(sequence: sequence, records: records, summary: stored) {
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
                settings.metrics.storeWritten(since: started)
                outbox.markDurable(through: batch.lastSequence)
                flush()
            } catch {
                logger.error("store append failed; closing the match so that nobody is told what was not stored", metadata: ["error": "\(error)"])
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
    }

    private func deliver(_ change: OutgoingChange) {
        for delivery in change.deliveries {
            for connection in delivery.recipients { send(delivery.payload, to: connection, resyncs: change.resynced.contains(connection.id)) }
        }
        if let summary = change.summary {
            publishedSummary.withLock { $0 = summary }
            settings.metrics.spectators(summary.spectators, reported: &reportedSpectators)
        }
        settings.metrics.broadcastQueued(since: change.committedAt)
    }

    private func send(_ payload: ByteBuffer, to connection: Connection, resyncs: Bool) {
        switch members.push(payload, to: connection.id, resyncs: resyncs) {
        case nil:
            break
        case .spectatorClosed:
            logger.notice("refused", metadata: ["connection": "\(connection.id)", "reason": "spectator too slow, closed 1013"])
        case .playerAwaitsSnapshot(let seat):
            logger.notice("refused", metadata: ["connection": "\(connection.id)", "reason": "player too slow, backlog replaced by a snapshot"])
            commit(direct: [(connection, welcome(for: seat))])
        }
    }

    // MARK: - Teardown

    /// Tears the tree down when nobody is connected, nothing is pending and nothing happened since
    /// `cutoff`. Returns whether it did.
    func expireIfIdle(before cutoff: ContinuousClock.Instant) -> Bool {
        guard !isClosed, members.isEmpty, appends.isIdle, outbox.isEmpty, lastActivity < cutoff else { return false }
        tearDown()
        logger.info("match expired from memory")
        return true
    }

    /// Closes every connection with `code`, waits for pending writes, then tears the tree down.
    func shutdown(code: UInt16, reason: String) async {
        closeConnections(code: code, reason: reason)
        if appends.isWriting { await withCheckedContinuation { writesDrained.append($0) } }
        tearDown()
    }

    private func fail() {
        closeConnections(code: 1011, reason: "Storage failed; reconnect.")
        tearDown()
    }

    private func closeConnections(code: UInt16, reason: String) {
        for connection in members.connections { _ = connection.queue.push(.close(code: code, reason: reason)) }
    }

    private func tearDown() {
        guard !isClosed else { return }
        isClosed = true
        settings.metrics.spectators(0, reported: &reportedSpectators)
        tokens.stopAllTimeouts().forEach { $0.cancel() }
        members.removeAll()
        outbox.removeAll()
        tree.tearDown()
    }
}
