import Foundation
import Logging
import NIOCore
import RIBs
import Storage
import Synchronization
import TicTacToe
import WireProtocol

/// Hosts one match: owns its RIB tree (the tree never leaves this actor, which is its serial executor),
/// its connections, its seats' tokens and its event version, and carries out "write before tell".
///
/// Every change goes through `commit`: the records are appended to the store by one writer loop per
/// match, and the messages reporting the change wait in an ordered outbox until the store says the
/// records are durable. Messages that report nothing new (a welcome, an error, presence) wait behind
/// earlier entries too, so every connection sees the versions in order.
actor MatchHost {
    struct Settings: Sendable {
        var seatTimeout: Duration
        var maxConnections: Int
        /// The LeakDetector tag for this match's RIB objects, or nil not to track them.
        var trackingTag: String?
        /// Where the host counts moves, games, errors and latencies.
        var metrics: ServerMetrics
    }

    enum ConnectResult: Sendable {
        case connected
        case full
        /// The host was torn down (expired or failed): ask the registry again.
        case closed
    }

    private struct Member {
        let connection: Connection
        var seat: Seat?
        /// A player whose queue overflowed waits for a fresh welcome; nothing else is sent meanwhile.
        var awaitsSnapshot = false
    }

    private struct Delivery {
        /// The encoded message, shared by all its recipients.
        let payload: ByteBuffer
        let recipients: [Connection]
    }

    private struct OutboxEntry {
        let sequence: Int
        let committedAt = ContinuousClock.now
        let needsDurability: Bool
        let deliveries: [Delivery]
        /// The lobby's summary once this entry is delivered; nil when the entry changes nothing a summary
        /// shows (a reply to one connection).
        let summary: MatchSummary?
        /// Connections whose snapshot this entry carries (they may receive again after it).
        var resynced: [UInt64] = []
    }

    private struct PendingWrite {
        let sequence: Int
        let records: [MatchRecord]
        let summary: StoredSummary
    }

    nonisolated let id: String
    nonisolated let createdAt: Date
    /// What `GET /api/matches` shows: updated when the messages of a change are delivered.
    nonisolated let publishedSummary: Mutex<MatchSummary>

    private let match: Match
    private let draws: WinnerDraws
    private let store: any MatchStore
    private let settings: Settings
    private let logger: Logger

    private var version = 0
    private var members: [UInt64: Member] = [:]
    private var tokenHashes: [Seat: Data]
    private var seatTimeouts: [Seat: Task<Void, Never>] = [:]
    private var outbox: [OutboxEntry] = []
    private var nextSequence = 1
    private var durableSequence = 0
    private var unwritten: [PendingWrite] = []
    /// The summary the store holds after the last append; nil before the first (which always sends one).
    private var storedSummary: StoredSummary?
    private var isWriting = false
    private var writesDrained: [CheckedContinuation<Void, Never>] = []
    private var lastActivity = ContinuousClock.now
    private var reportedSpectators = 0
    /// Set while `flush` delivers: a commit made meanwhile (a slow player's fresh welcome) only queues.
    private var isFlushing = false
    /// A `launchGame` waits for the pair (see `handle`).
    private var hasWaitingLaunch = false
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
        let draws = WinnerDraws()
        self.draws = draws
        let match = Self.inTree(settings.trackingTag) { Match(drawWinner: { draws.next() }) }
        self.match = match
        tokenHashes = try Self.inTree(settings.trackingTag) { try MatchLog.replay(records, into: match, draws: draws) }
        publishedSummary = Mutex(MatchSummary(matchId: id, phase: .loggedOut, players: [], score: nil, spectators: 0))
        publishedSummary.withLock { $0 = Self.summary(id: id, snapshot: match.snapshot, connectedSeats: [], spectators: 0) }
    }

    /// Runs `body` with this match's RIB objects tracked under `tag` (when set).
    private static func inTree<T>(_ tag: String?, _ body: () throws -> T) rethrows -> T {
        guard let tag else { return try body() }
        return try LeakDetector.$trackingTag.withValue(tag, operation: body)
    }

    /// Starts the seat timeouts of seats restored without connections.
    func start() {
        for seat in tokenHashes.keys { startSeatTimeout(seat) }
    }

    // MARK: - Connections

    /// Adds a connection as a spectator and sends it a `welcome`.
    func connect(_ connection: Connection) -> ConnectResult {
        guard !isClosed else { return .closed }
        guard members.count < settings.maxConnections else { return .full }
        members[connection.id] = Member(connection: connection)
        lastActivity = .now
        logger.info("connection opened", metadata: ["connection": "\(connection.id)", "address": "\(connection.remoteAddress)"])
        commit(records: [], direct: [(connection, welcome(for: nil))], broadcasts: [presence()])
        return .connected
    }

    /// Removes a connection; a seat left without connections starts its timeout.
    func disconnect(_ connectionID: UInt64) {
        guard let member = members.removeValue(forKey: connectionID) else { return }
        lastActivity = .now
        logger.info("connection closed", metadata: ["connection": "\(connectionID)"])
        guard !isClosed else { return }
        if let seat = member.seat, !isConnected(seat) { startSeatTimeout(seat) }
        commit(records: [], direct: [], broadcasts: [presence()])
    }

    // MARK: - Mailbox

    /// What a connection's session hands to its host, in the order it happened on the socket.
    enum Inbound: Sendable {
        case message(ClientMessage)
        /// A text frame that is not a message of the protocol, with the reason to answer.
        case undecodable(String)
        /// Over the per-connection rate limit: answered with `rateLimited`.
        case rateLimited
        /// The socket closed.
        case disconnected
    }

    private struct Mailbox {
        var items: [(connectionID: UInt64, inbound: Inbound)] = []
        /// A task is delivering the mailbox to the actor, and will look again before it stops.
        var isDraining = false
    }

    /// Filled from the connections' event loops without waiting for the actor; emptied on the actor in
    /// batches by one task at a time, so a connection's messages keep their order and a burst of
    /// messages to one match costs one hop onto the actor, not one task each.
    private nonisolated let mailbox = Mutex(Mailbox())

    /// Queues `inbound` of connection `connectionID` for the actor. Callable from anywhere; never waits.
    nonisolated func deliver(_ inbound: Inbound, from connectionID: UInt64) {
        let startsDraining = mailbox.withLock { mailbox in
            mailbox.items.append((connectionID, inbound))
            guard !mailbox.isDraining else { return false }
            mailbox.isDraining = true
            return true
        }
        if startsDraining { Task { await self.drainMailbox() } }
    }

    private func drainMailbox() {
        while true {
            let batch = mailbox.withLock { mailbox in
                if mailbox.items.isEmpty { mailbox.isDraining = false }
                let batch = mailbox.items
                mailbox.items = []
                return batch
            }
            if batch.isEmpty { return }
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
            commit(records: [], direct: [(member.connection, welcome(for: member.seat))], broadcasts: [])
        case .resume(let token):
            resume(token: token, member: member)
        case .login(let name):
            apply(.login(name: name), from: member)
        case .startGame(let gameId):
            apply(.startGame(gameId: gameId), from: member)
        case .move(let row, let col):
            apply(.move(row: row, col: col), from: member)
        case .roll:
            apply(.roll, from: member)
        case .launchGame(let gameId):
            // While the pair is not complete, one waiting launch decides what starts once it is (later
            // ones find that game in progress), so a repeat is accepted without being logged again:
            // a client repeating `launchGame` cannot grow the log.
            if hasWaitingLaunch, match.snapshot.phase == .loggedOut, GameID(rawValue: gameId) != nil { return }
            apply(.launchGame(gameId: gameId), from: member)
            if match.snapshot.phase == .loggedOut, GameID(rawValue: gameId) != nil { hasWaitingLaunch = true }
        case .leave:
            apply(.leave, from: member)
        }
    }

    /// Answers a message that could not be decoded or was over a limit.
    func refuse(_ code: ErrorCode, message: String? = nil, to connectionID: UInt64) {
        guard let member = members[connectionID] else { return }
        reply(.error(code: code, message: message ?? code.defaultMessage), to: member, reason: "\(code)")
    }

    private func resume(token: String, member: Member) {
        let hash = Secrets.tokenHash(token)
        guard let seat = tokenHashes.first(where: { Secrets.constantTimeEquals($0.value, hash) })?.key else {
            return reply(.error(.badToken), to: member, reason: "badToken")
        }
        if let current = member.seat, current != seat {
            return reply(.error(.alreadySeated), to: member, reason: "alreadySeated (resume of the other seat)")
        }
        members[member.connection.id]?.seat = seat
        seatTimeouts.removeValue(forKey: seat)?.cancel()
        let name = match.snapshot.players.first { $0.seat == seat }?.name ?? seat.defaultName
        logger.info("seat resumed", metadata: ["seat": "\(seat.rawValue)", "connection": "\(member.connection.id)"])
        commit(
            records: [],
            direct: [(member.connection, .seated(seat: WireSeat(seat), name: name, token: token)), (member.connection, welcome(for: seat))],
            broadcasts: [presence()]
        )
    }

    private func apply(_ input: MatchInput, from member: Member) {
        if case .login = input, member.seat != nil {
            return reply(.error(.alreadySeated), to: member, reason: "alreadySeated")
        }
        let events: [MatchEvent]
        do {
            events = try Self.inTree(settings.trackingTag) { () throws(MatchError) in try match.apply(input, by: member.seat) }
        } catch let error as MatchError {
            return reply(.error(ErrorCode(error)), to: member, reason: "\(error) on \(input)")
        } catch {
            return reply(.error(.badMessage), to: member, reason: "\(error)")
        }
        var records: [MatchRecord] = []
        var direct: [(Connection, ServerMessage)] = []
        switch input {
        case .login:
            guard let player = events.lazy.compactMap({ if case .seated(let player) = $0 { player } else { nil } }).first else { break }
            let token = Secrets.newSeatToken()
            let hash = Secrets.tokenHash(token)
            tokenHashes[player.seat] = hash
            members[member.connection.id]?.seat = player.seat
            records.append(.seatTaken(seat: player.seat, name: player.name, tokenHash: hash))
            direct.append((member.connection, .seated(seat: WireSeat(player.seat), name: player.name, token: token)))
            logger.info("seat taken", metadata: ["seat": "\(player.seat.rawValue)", "name": "\(player.name)"])
        case .move(let row, let col):
            if let seat = member.seat { records.append(.moved(seat: seat, row: row, col: col)) }
        case .roll:
            if let seat = member.seat, let winner = draws.lastDrawn { records.append(.rolled(seat: seat, winner: winner)) }
        case .launchGame(let gameId):
            if let gameId = GameID(rawValue: gameId) { records.append(.launchRequested(gameId: gameId)) }
        case .leave:
            if let seat = member.seat {
                records.append(.left(seat: seat))
                releaseSeat(seat)
                logger.info("seat left", metadata: ["seat": "\(seat.rawValue)"])
            }
        case .startGame:
            break
        }
        records += MatchLog.outcomeRecords(of: events)
        // Once the pair is complete the waiting launch has run; a later loggedOut starts afresh.
        if match.snapshot.phase != .loggedOut { hasWaitingLaunch = false }
        settings.metrics.applied(input, events)
        logOutcomes(events)
        commit(records: records, direct: direct, broadcasts: broadcastMessages(for: events))
    }

    private func logOutcomes(_ events: [MatchEvent]) {
        for event in events {
            switch event {
            case .gameStarted(let gameId, let starter):
                logger.info("game started", metadata: ["game": "\(gameId.rawValue)", "first": "\(starter.rawValue)"])
            case .gameOver(let winner, _):
                logger.info("game over", metadata: ["winner": "\(winner?.rawValue ?? "draw")"])
            default:
                break
            }
        }
    }

    /// The seat's token dies and its connections become spectators.
    private func releaseSeat(_ seat: Seat) {
        tokenHashes[seat] = nil
        seatTimeouts.removeValue(forKey: seat)?.cancel()
        for (id, member) in members where member.seat == seat { members[id]?.seat = nil }
    }

    // MARK: - Seat timeout

    private func isConnected(_ seat: Seat) -> Bool {
        members.values.contains { $0.seat == seat }
    }

    private func startSeatTimeout(_ seat: Seat) {
        seatTimeouts[seat]?.cancel()
        let timeout = settings.seatTimeout
        seatTimeouts[seat] = Task { [weak self] in
            do { try await Task.sleep(for: timeout) } catch { return }
            await self?.seatTimedOut(seat)
        }
    }

    private func seatTimedOut(_ seat: Seat) {
        seatTimeouts[seat] = nil
        guard !isClosed, tokenHashes[seat] != nil, !isConnected(seat) else { return }
        let events: [MatchEvent]
        do {
            events = try Self.inTree(settings.trackingTag) { () throws(MatchError) in try match.apply(.leave, by: seat) }
        } catch {
            logger.error("seat timeout refused by the tree", metadata: ["seat": "\(seat.rawValue)", "error": "\(error)"])
            return
        }
        releaseSeat(seat)
        logger.info("seat timed out", metadata: ["seat": "\(seat.rawValue)"])
        settings.metrics.applied(.leave, events)
        commit(records: [.seatTimedOut(seat: seat)] + MatchLog.outcomeRecords(of: events), direct: [], broadcasts: broadcastMessages(for: events))
    }

    // MARK: - Messages built from state

    private func broadcastMessages(for events: [MatchEvent]) -> [ServerMessage] {
        events.compactMap { event in
            if case .playersChanged = event { return presence() }
            guard let message = event.broadcastMessage(v: version + 1) else { return nil }
            version += 1
            return message
        }
    }

    /// A `presence` message with the next version.
    private func presence() -> ServerMessage {
        version += 1
        return .presence(players: wirePlayers(), spectators: spectatorCount, v: version)
    }

    private var spectatorCount: Int { members.values.filter { $0.seat == nil }.count }

    private var connectedSeats: Set<Seat> { Set(members.values.compactMap(\.seat)) }

    private func wirePlayers() -> [WirePlayer] {
        let connected = connectedSeats
        return match.snapshot.players.map { WirePlayer(seat: WireSeat($0.seat), name: $0.name, connected: connected.contains($0.seat)) }
    }

    private func welcome(for seat: Seat?) -> ServerMessage {
        let snapshot = match.snapshot
        return .welcome(
            you: seat.map(WireSeat.init),
            snapshot: WireSnapshot(
                phase: WirePhase(snapshot.phase),
                players: wirePlayers(),
                score: snapshot.score.map(WireScore.init),
                board: snapshot.board.map(WireBoard.init),
                spectators: spectatorCount
            ),
            v: version
        )
    }

    private static func summary(id: String, snapshot: MatchSnapshot, connectedSeats: Set<Seat>, spectators: Int) -> MatchSummary {
        MatchSummary(
            matchId: id,
            phase: WirePhase(snapshot.phase),
            players: snapshot.players.map { WirePlayer(seat: WireSeat($0.seat), name: $0.name, connected: connectedSeats.contains($0.seat)) },
            score: snapshot.score.map { MatchSummary.Score(player1: $0.player1Wins, player2: $0.player2Wins, draws: $0.draws) },
            spectators: spectators
        )
    }

    // MARK: - Write before tell

    private func reply(_ message: ServerMessage, to member: Member, reason: String) {
        if case .error = message {
            logger.notice("refused", metadata: ["connection": "\(member.connection.id)", "reason": "\(reason)"])
            settings.metrics.errorSent(message)
        }
        commit(records: [], direct: [(member.connection, message)], broadcasts: [])
    }

    /// Queues the messages of one change behind the records that make it durable.
    private func commit(records: [MatchRecord], direct: [(Connection, ServerMessage)], broadcasts: [ServerMessage]) {
        let sequence = nextSequence
        nextSequence += 1
        let everyone = members.values.map(\.connection)
        // Each broadcast is encoded once, whatever the number of connections.
        let deliveries = direct.map { Delivery(payload: ByteBuffer(string: $0.1.jsonText()), recipients: [$0.0]) }
            + broadcasts.map { Delivery(payload: ByteBuffer(string: $0.jsonText()), recipients: everyone) }
        let snapshot = match.snapshot
        // Only a change that everyone hears of (state or presence) can change the summary.
        let changesSummary = !records.isEmpty || !broadcasts.isEmpty
        var entry = OutboxEntry(
            sequence: sequence,
            needsDurability: !records.isEmpty,
            deliveries: deliveries,
            summary: changesSummary ? Self.summary(id: id, snapshot: snapshot, connectedSeats: connectedSeats, spectators: spectatorCount) : nil
        )
        entry.resynced = direct.compactMap { if case .welcome = $0.1 { $0.0.id } else { nil } }
        outbox.append(entry)
        if !records.isEmpty {
            unwritten.append(PendingWrite(
                sequence: sequence,
                records: records,
                summary: StoredSummary(phase: snapshot.phase, players: snapshot.players, score: snapshot.score)
            ))
            startWriterIfIdle()
        }
        flush()
    }

    private func startWriterIfIdle() {
        guard !isWriting else { return }
        isWriting = true
        Task { await self.writeUnwritten() }
    }

    /// The match's one writer: appends in order, so the store's FIFO per match holds; batches what
    /// piled up while the previous append was in flight.
    private func writeUnwritten() async {
        while let last = unwritten.last {
            let batch = unwritten
            unwritten = []
            do {
                let started = ContinuousClock.now
                // Most moves change nothing a summary shows: the store keeps its summary then.
                let summary = last.summary == storedSummary ? nil : last.summary
                try await store.append(batch.flatMap(\.records), summary: summary, to: id, at: Date())
                storedSummary = last.summary
                settings.metrics.storeWritten(since: started)
                durableSequence = last.sequence
                flush()
            } catch {
                logger.error("store append failed; closing the match so that nobody is told what was not stored", metadata: ["error": "\(error)"])
                fail()
                break
            }
        }
        isWriting = false
        let waiters = writesDrained
        writesDrained = []
        waiters.forEach { $0.resume() }
    }

    /// Delivers, in order, every entry whose records are durable.
    ///
    /// Not re-entered: `send` may commit a fresh welcome in the middle of an entry's deliveries, and a
    /// nested flush would deliver later entries to the connections the current one has not reached yet.
    private func flush() {
        guard !isFlushing else { return }
        isFlushing = true
        defer { isFlushing = false }
        while let entry = outbox.first, !entry.needsDurability || entry.sequence <= durableSequence {
            outbox.removeFirst()
            for delivery in entry.deliveries {
                for connection in delivery.recipients { send(delivery.payload, to: connection, resyncs: entry.resynced.contains(connection.id)) }
            }
            if let summary = entry.summary {
                publishedSummary.withLock { $0 = summary }
                settings.metrics.spectators(summary.spectators, reported: &reportedSpectators)
            }
            settings.metrics.broadcastQueued(since: entry.committedAt)
        }
    }

    private func send(_ payload: ByteBuffer, to connection: Connection, resyncs: Bool) {
        guard let member = members[connection.id] else { return }
        if member.awaitsSnapshot {
            guard resyncs else { return }
            members[connection.id]?.awaitsSnapshot = false
        }
        switch connection.queue.push(.text(payload)) {
        case .queued, .finished:
            break
        case .full where member.seat == nil:
            // A spectator this far behind is cheaper to reconnect than to feed: it comes back with `sync`.
            logger.notice("refused", metadata: ["connection": "\(connection.id)", "reason": "spectator too slow, closed 1013"])
            connection.queue.replaceAll(with: [.close(code: 1013, reason: "Too far behind; reconnect.")])
            members.removeValue(forKey: connection.id)
        case .full:
            // A player keeps the seat: drop the backlog and send one fresh snapshot when it is its turn.
            logger.notice("refused", metadata: ["connection": "\(connection.id)", "reason": "player too slow, backlog replaced by a snapshot"])
            connection.queue.replaceAll(with: [])
            members[connection.id]?.awaitsSnapshot = true
            commit(records: [], direct: [(connection, welcome(for: member.seat))], broadcasts: [])
        }
    }

    // MARK: - Teardown

    /// Tears the tree down when nobody is connected, nothing is pending and nothing happened since
    /// `cutoff`. Returns whether it did.
    func expireIfIdle(before cutoff: ContinuousClock.Instant) -> Bool {
        guard !isClosed, members.isEmpty, !isWriting, unwritten.isEmpty, outbox.isEmpty, lastActivity < cutoff else { return false }
        tearDown()
        logger.info("match expired from memory")
        return true
    }

    /// Closes every connection with `code`, waits for pending writes, then tears the tree down.
    func shutdown(code: UInt16, reason: String) async {
        for member in members.values { _ = member.connection.queue.push(.close(code: code, reason: reason)) }
        if isWriting { await withCheckedContinuation { writesDrained.append($0) } }
        tearDown()
    }

    private func fail() {
        for member in members.values { _ = member.connection.queue.push(.close(code: 1011, reason: "Storage failed; reconnect.")) }
        tearDown()
    }

    private func tearDown() {
        guard !isClosed else { return }
        isClosed = true
        settings.metrics.spectators(0, reported: &reportedSpectators)
        seatTimeouts.values.forEach { $0.cancel() }
        seatTimeouts = [:]
        members = [:]
        outbox = []
        Self.inTree(settings.trackingTag) { match.tearDown() }
    }
}
