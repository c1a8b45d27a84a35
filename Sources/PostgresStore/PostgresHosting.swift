import Foundation
import Logging
import MatchStore
import MatchWords
import PostgresNIO
import Synchronization

/// What a `PostgresMatchStore` does for its server among several (docs/SCALING.md, "One host per
/// match"): remembers the matches it hosts and their epochs, listens for other servers taking them
/// over, and publishes, in the background, that the server runs and who is connected to its matches.
final class PostgresHosting: Sendable {
    /// This server's name in the database: unique per process run.
    let server: String
    /// The schema of the store's tables: takeovers in other schemas of the database are not its own.
    let schema: String
    let held = HeldMatches()
    /// The spectators this server relays of matches hosted elsewhere, and those it tells of its own.
    let audiences: PostgresAudiences
    /// The matches another server took, for `MatchStore.lostMatches`.
    let lostMatches: AsyncStream<MatchID>
    private let losses: AsyncStream<MatchID>.Continuation
    private let pendingPresence = Mutex<[MatchID: LivePresence]>([:])
    private let pool: BoundedPool
    private let logger: Logger

    init(server: String, schema: String, pool: BoundedPool, logger: Logger) {
        self.server = server
        self.schema = schema
        self.pool = pool
        self.logger = logger
        audiences = PostgresAudiences(server: server, schema: schema, pool: pool, logger: logger)
        (lostMatches, losses) = AsyncStream.makeStream(of: MatchID.self)
    }

    /// A name for this process in the database: the host name, the process id and a random part, so
    /// that a server restarted with the same pid is still another server.
    static func newServerName() -> String {
        let random = (0..<6).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! }
        return
            "\(ProcessInfo.processInfo.hostName.replacingOccurrences(of: " ", with: "-"))/\(ProcessInfo.processInfo.processIdentifier)/\(String(random))"
    }

    // MARK: - Taken elsewhere

    /// Another server took `id` in `epoch`.
    private func takenElsewhere(_ id: MatchID, epoch: Int) {
        guard held.takenElsewhere(id, epoch: epoch) else { return }
        logger.notice("match \(id) was taken over by another server (epoch \(epoch))")
        losses.yield(id)
    }

    /// Listens on the takeover channel and the audiences' two for as long as the task runs, on a
    /// connection of its own (a pooled one may be closed at any time), connecting again when it is lost.
    /// Each time it starts listening it also checks the matches it holds, since takeovers made meanwhile
    /// were not heard, and asks for a fresh welcome of every match it relays.
    func listen() async {
        var delay = Duration.milliseconds(250)
        while !Task.isCancelled {
            do {
                // On the primary of the moment: after a failover, the promoted standby.
                let lease = try await pool.primary.lease(until: .now + pool.wait)
                let connection: PostgresConnection
                do {
                    connection = try await PostgresConnection.connect(
                        configuration: pool.primary.configuration(of: lease), id: 1, logger: logger)
                } catch {
                    pool.primary.failed(lease, with: error)
                    throw error
                }
                do {
                    try await connection.listen(on: PostgresOwnership.channel) { takeovers in
                        try await connection.listen(on: PostgresAudiences.countsChannel) { counts in
                            try await connection.listen(on: PostgresAudiences.framesChannel) { frames in
                                delay = .milliseconds(250)
                                try await checkHeldMatches()
                                audiences.listening()
                                try await withThrowingTaskGroup(of: Void.self) { group in
                                    group.addTask { try await self.read(takeovers) }
                                    group.addTask { try await self.read(counts, on: PostgresAudiences.countsChannel) }
                                    group.addTask { try await self.read(frames, on: PostgresAudiences.framesChannel) }
                                    // The first to end (the connection lost) ends the others: listen again.
                                    try await group.next()
                                    group.cancelAll()
                                }
                            }
                        }
                    }
                } catch {
                    try? await connection.close()
                    // The one connection always open to the primary: the first to see it go, even
                    // when no match is being played.
                    pool.primary.failed(lease, with: error)
                    throw error
                }
                try? await connection.close()
                if !Task.isCancelled { pool.primary.failed(lease, with: MatchStoreError.unavailable) }
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning(
                    "not listening for match takeovers (\(PostgresErrorText.describe(error))); trying again in \(delay)")
            }
            guard !Task.isCancelled else { return }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
    }

    private func read(_ takeovers: PostgresNotificationSequence) async throws {
        for try await notification in takeovers {
            guard let takeover = PostgresOwnership.takeover(from: notification.payload), takeover.schema == schema,
                takeover.server != server
            else { continue }
            takenElsewhere(takeover.id, epoch: takeover.epoch)
        }
    }

    private func read(_ notifications: PostgresNotificationSequence, on channel: String) async throws {
        for try await notification in notifications { audiences.heard(notification.payload, on: channel) }
    }

    private func checkHeldMatches() async throws {
        let held = held.all
        let taken = try await pool.withConnection { [logger, server] connection in
            try await PostgresOwnership.takenElsewhere(held, by: server, on: connection, logger: logger)
        }
        for id in self.held.markLost(taken) {
            logger.notice("match \(id) was taken over by another server while this one was not listening")
            losses.yield(id)
        }
    }

    // MARK: - Presence

    /// Queues the presence of `id` for the next write.
    func publish(_ presence: LivePresence, of id: MatchID) {
        pendingPresence.withLock { $0[id] = presence }
    }

    /// Forgets a queued presence of a match let go of.
    func dropPresence(of id: MatchID) {
        pendingPresence.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Writes queued presences once a second and says the server runs every `heartbeat`, for as long as
    /// the task runs. Failures are tried again: a lobby missing a count is not worth more. The first
    /// failure of a run of them is logged, and the recovery: a database gone for an hour is two lines,
    /// not one a second.
    func publishInBackground() async {
        var lastHeartbeat: ContinuousClock.Instant?
        var failedAttempts = 0
        while !Task.isCancelled {
            do {
                if lastHeartbeat.map({ $0.duration(to: .now) >= PostgresOwnership.heartbeat }) ?? true {
                    try await pool.withConnection { [logger, server] connection in
                        try await PostgresOwnership.heartbeat(of: server, on: connection, logger: logger)
                    }
                    lastHeartbeat = .now
                }
                try await writePendingPresence()
                if failedAttempts > 0 {
                    logger.notice("presence published again after \(failedAttempts) failed attempts")
                    failedAttempts = 0
                }
            } catch {
                guard !Task.isCancelled else { return }
                if failedAttempts == 0 {
                    logger.warning("could not publish presence, trying again every second: \(PostgresErrorText.describe(error))")
                }
                failedAttempts += 1
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func writePendingPresence() async throws {
        let pending = pendingPresence.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        guard !pending.isEmpty else { return }
        let epochs = held.epochs(of: pending.keys)
        let presences = pending.compactMap { id, presence -> (id: MatchID, epoch: Int, presence: LivePresence)? in
            guard let epoch = epochs[id], epoch >= 0 else { return nil }
            return (id, epoch, presence)
        }
        do {
            try await pool.withConnection { [logger, server] connection in
                try await PostgresOwnership.publish(presences, by: server, on: connection, logger: logger)
            }
        } catch {
            // Kept for the next round unless a newer one came meanwhile.
            pendingPresence.withLock { queued in queued.merge(pending) { newer, _ in newer } }
            throw error
        }
    }

    /// The server stops: its matches' presence stops counting at once.
    func stop() async {
        losses.finish()
        do {
            try await pool.withConnection { [logger, server, audiences] connection in
                try await PostgresOwnership.stopped(server, on: connection, logger: logger)
                try await audiences.stopped(on: connection)
            }
        } catch {
            logger.warning("could not say that this server stopped: \(PostgresErrorText.describe(error))")
        }
    }
}
