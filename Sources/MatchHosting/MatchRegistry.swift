import Foundation
import GameUnits
import Logging
import MatchStore
import MatchTree
import MatchWords
import RIBs
import RatingStore
import WireProtocol

/// The matches of this process: creates them, loads them from the store on demand (replaying their
/// log), and tears down the ones nobody used for the idle time.
package actor MatchRegistry {
    package enum LookupError: Error {
        case notFound
        case unreadable(any Error)
        /// The server is shutting down: no match is loaded any more.
        case shuttingDown
    }

    let store: any MatchStore
    let settings: MatchHost.Settings
    /// The games every match of this process offers.
    package nonisolated var games: GameCatalog { settings.games }
    /// Whether the store's last write, by any match, failed.
    package nonisolated var storageHealth: StorageHealth { settings.storageHealth }
    /// Whether the store has lost its database and is looking for it (a PostgreSQL failover).
    package nonisolated var storeIsReconnecting: Bool { store.isReconnecting }
    private let trackRIBObjects: Bool
    let logger: Logger
    private(set) var hosts: [MatchID: MatchHost] = [:] {
        didSet { settings.metrics.matchesLoaded(hosts.count) }
    }
    private var loading: [MatchID: Load] = [:]
    /// Hosts handed over to another server and still closing (their last writes may be in flight,
    /// refused by the store): the match is loaded again only once the store has let go of it, so that
    /// letting go of the old host never lets go of the new one, and no write of the old one can count
    /// as the new one's.
    private var closing: [MatchID: Task<Void, Never>] = [:]
    /// Set by `shutdown`: a host it is closing may still have writes pending, so loading the match again
    /// (a connection already past the upgrade check) would open a second copy missing them.
    private var isShuttingDown = false
    /// The retention policy's deletion in progress: a match it may delete is not loaded meanwhile.
    private var deletion: Task<[MatchID], any Error>?
    /// The matches hosted elsewhere whose watch-only connections this server relays
    /// (`MatchRegistry+Audience.swift`), and those whose relay is being opened.
    var relays: [MatchID: RelayedMatch] = [:]
    var relaysOpening: [MatchID: Task<RelayedMatch?, any Error>] = [:]

    package init(
        store: any MatchStore, games: GameCatalog, seatTimeout: Duration, claimGrace: Duration = .seconds(20),
        maxConnectionsPerMatch: Int, claimTimeout: Duration = .seconds(10),
        computerDelay: Duration = .milliseconds(600), firstMoveWindow: Duration = GameClock.firstMoveWindow,
        trackRIBObjects: Bool, metrics: ServerMetrics, clock: HostClock = .continuous, ratings: (any RatingStore)? = nil, logger: Logger
    ) {
        self.store = store
        var settings = MatchHost.Settings(
            games: games, seatTimeout: seatTimeout, maxConnections: maxConnectionsPerMatch, trackingTag: nil, metrics: metrics,
            claimTimeout: claimTimeout, computerDelay: computerDelay, claimGrace: claimGrace, clock: clock)
        settings.firstMoveWindow = firstMoveWindow
        settings.ratings = ratings
        self.settings = settings
        self.trackRIBObjects = trackRIBObjects
        self.logger = logger
    }

    /// The LeakDetector tag of a match's RIB objects when tracking is on.
    package static func trackingTag(of matchID: MatchID) -> String { "match:\(matchID)" }

    private func settings(for id: MatchID) -> MatchHost.Settings {
        var settings = settings
        if trackRIBObjects { settings.trackingTag = Self.trackingTag(of: id) }
        return settings
    }

    /// Creates and stores a new match with `seating` seated in order, without connections (the
    /// computer, or people the server paired), and game `gameID` asked for when given
    /// (`MatchHost.seat(_:launching:)`), under `timeControl` when given, rated when `rated` (issue 42:
    /// the caller checked who asks); returns once all of it is durable, with the match's id and the
    /// token of each person's seat.
    package func create(
        seating: [SeatOccupant], launching gameID: String? = nil, listed: Bool = false, timeControl: TimeControl? = nil,
        rated: Bool = false
    ) async throws -> (id: MatchID, tokens: [Seat: String]) {
        let id = try await create(timeControl: timeControl, rated: rated)
        if listed { try await host(for: id).list() }
        guard !seating.isEmpty || gameID != nil else { return (id, [:]) }
        return (id, try await host(for: id).seat(seating, launching: gameID))
    }

    /// Creates and stores a new match, under `timeControl` when given, rated when `rated`; returns its id.
    package func create(timeControl: TimeControl? = nil, rated: Bool = false) async throws -> MatchID {
        let id = Secrets.newMatchID()
        let now = settings.clock.moment().date
        var records = [StoredRecord(sequence: 1, record: .created, at: now)]
        do {
            try await store.createMatch(id: id, at: now)
            // The tree is built with its time control, and the host with whether it rates: both are in
            // the log before the match is hosted, and never change after.
            var settled: [MatchRecord] = []
            if let timeControl {
                settled.append(.clockSet(initialMs: timeControl.initialMilliseconds, incrementMs: timeControl.incrementMilliseconds))
            }
            if rated { settled.append(.rated) }
            if !settled.isEmpty {
                var summary = StoredSummary(phase: .loggedOut, players: [], score: nil, timeControl: timeControl)
                summary.rated = rated
                try await store.append(settled, summary: summary, to: id, at: now)
                records += settled.enumerated().map { StoredRecord(sequence: $0.offset + 2, record: $0.element, at: now) }
            }
            settings.storageHealth.writeSucceeded()
        } catch {
            settings.storageHealth.writeFailed()
            logger.error("match could not be stored", metadata: ["error": "\(error)"])
            throw error
        }
        let host = try MatchHost(
            id: id, createdAt: now, records: records,
            store: store, settings: settings(for: id), logger: logger
        )
        hosts[id] = host
        logger.info("match created", metadata: ["match": "\(id)"])
        return id
    }

    /// The host of match `id`, loading it from the store when it is not in memory.
    package func host(for id: MatchID) async throws(LookupError) -> MatchHost {
        // A takeover heard during a load makes what it read suspect: load again, a few times at most
        // (two servers each loading it in turn, as clients routed both ways do, settle within that).
        for _ in 0..<Self.loadAttempts {
            guard !isShuttingDown else { throw .shuttingDown }
            if let host = hosts[id] {
                let isClosed = await host.isClosed
                // Handed over or replaced meanwhile: look again rather than return a host being closed.
                guard hosts[id] === host else { continue }
                // A host closed by a failed write or a takeover is loaded again rather than joined.
                guard isClosed else { return host }
                remove(host)
            }
            while let handingOver = closing[id] {
                logger.debug("waiting for the host handed over to close before loading the match again", metadata: ["match": "\(id)"])
                await handingOver.value
                // Whoever sees it end forgets it (a finished task's value does not suspend: waiting for
                // the hand-over's own caller to do it would spin).
                if closing[id] == handingOver { closing[id] = nil }
                guard !isShuttingDown else { throw .shuttingDown }
            }
            if let host = hosts[id] { return host }
            if let host = try await load(id) { return host }
        }
        logger.warning("match taken by another server on every load; not hosting it here", metadata: ["match": "\(id)"])
        throw .unreadable(MatchStoreError.appendedElsewhere(id))
    }

    private static let loadAttempts = 3

    /// A load of a match from the store, which every lookup of the match waits for while it runs.
    private final class Load {
        let task: Task<MatchHost?, any Error>
        /// Another server took the match during the load: what it read may be older than that, so
        /// every lookup waiting on it drops the host it made.
        var isLost = false

        init(_ task: Task<MatchHost?, any Error>) { self.task = task }
    }

    /// Loads match `id` (or joins a load in progress) and hosts it. Nil when another server took the
    /// match during the load: the host was dropped and the caller loads again.
    private func load(_ id: MatchID) async throws(LookupError) -> MatchHost? {
        // Loaded during a deletion, a match could be deleted under its host: wait, then it is either
        // gone (not found) or kept.
        while loading[id] == nil, let deletion {
            _ = await deletion.result
            if self.deletion == deletion { self.deletion = nil }
            guard !isShuttingDown else { throw .shuttingDown }
            if let host = hosts[id] { return host }
        }
        let load: Load
        if let existing = loading[id] {
            load = existing
        } else {
            let store = store
            let settings = settings(for: id)
            let logger = logger
            load = Load(
                Task {
                    guard let records = try await store.load(id) else { return nil }
                    let host = try MatchHost(
                        id: id, createdAt: records.first?.at ?? settings.clock.moment().date, records: records, store: store,
                        settings: settings, logger: logger)
                    // A rated game ended before the load (by a server killed, or another one) is rated
                    // before anyone is told anything of the match.
                    try await host.rateEndedGames()
                    await host.start()
                    logger.info("match restored from the store", metadata: ["match": "\(id)", "records": "\(records.count)"])
                    return host
                })
            loading[id] = load
        }
        let result = await load.task.result
        if loading[id] === load { loading[id] = nil }
        switch result {
        case .success(let host?):
            if isShuttingDown {
                // Loaded while the others were being closed: close this one too.
                await host.shutdown(code: 1001, reason: "Server shutting down")
                throw .shuttingDown
            }
            if load.isLost {
                // Never installed (a lookup returns only what it installs): closing it tells no one.
                logger.notice("match taken by another server while loading it; loading it again", metadata: ["match": "\(id)"])
                await host.shutdown(code: MatchHost.movedCode, reason: MatchHost.movedReason)
                return nil
            }
            if let current = hosts[id] {
                // Another lookup of the same load installed it already, or a newer host replaced it.
                if current !== host { await host.shutdown(code: MatchHost.movedCode, reason: MatchHost.movedReason) }
                return current
            }
            hosts[id] = host
            await host.installed()
            return host
        case .success(nil):
            throw .notFound
        case .failure(let error):
            logger.error("match could not be restored", metadata: ["match": "\(id)", "error": "\(error)"])
            throw .unreadable(error)
        }
    }

    /// Forgets a host that closed (storage failure, taken by another server) so the next lookup reloads
    /// it.
    package func remove(_ host: MatchHost) {
        guard hosts[host.id] === host else { return }
        hosts[host.id] = nil
        store.release(host.id)
    }

    /// Another server loaded match `id` (`MatchStore.lostMatches`): its connections here are closed with
    /// 1012 so that they reconnect, which lands them on that server.
    package func handOver(_ id: MatchID) async {
        // The loss is heard late (the store queues it, and the hand-overs before it take time): a host
        // loaded since, in a newer epoch, is this server's again and must not be closed.
        guard store.isLost(id) else { return }
        if let host = hosts.removeValue(forKey: id) {
            logger.notice("match taken over by another server; closing its connections", metadata: ["match": "\(id)"])
            // The store lets go once the host's writes have returned (`MatchOwnership.release`); a load
            // of the match meanwhile waits for it (`host(for:)`).
            let store = store
            let handingOver = Task {
                await host.shutdown(code: MatchHost.movedCode, reason: MatchHost.movedReason)
                store.release(id)
            }
            closing[id] = handingOver
            await handingOver.value
            if closing[id] == handingOver { closing[id] = nil }
        } else if let load = loading[id] {
            // The store keeps the match lost (its appends refused) until the load is dropped and the
            // match loaded again, which holds it anew.
            load.isLost = true
        } else {
            store.release(id)
        }
    }

    /// Hands over, for as long as the store runs, every match another server takes.
    package nonisolated func handOverLostMatches() async {
        for await id in store.lostMatches { await handOver(id) }
    }

    /// Deletes from the store up to `limit` matches whose summary last changed before `cutoff` and that
    /// are not in memory (so nobody is connected to them, and none has a write pending). Returns their ids.
    package func deleteInactive(before cutoff: Date, limit: Int) async throws -> [MatchID] {
        guard !isShuttingDown, deletion == nil else { return [] }
        let keeping = Set(hosts.keys).union(loading.keys)
        let store = store
        let task = Task { try await store.deleteMatches(updatedBefore: cutoff, keeping: keeping, limit: limit) }
        deletion = task
        defer { if deletion == task { deletion = nil } }
        return try await task.value
    }

    /// The server's clock, which every match is given.
    package nonisolated var clock: HostClock { settings.clock }

    /// Tears down the matches idle for longer than `idleTimeout`. Returns how many.
    @discardableResult
    package func expireIdle(longerThan idleTimeout: Duration) async -> Int {
        let cutoff = settings.clock.now - idleTimeout
        var expired = 0
        for (id, host) in hosts {
            // A host closed by a failed write or a takeover is forgotten too.
            if await !host.isClosed {
                guard await host.expireIfIdle(before: cutoff) else { continue }
            }
            guard hosts[id] === host else { continue }
            hosts[id] = nil
            store.release(id)
            expired += 1
        }
        return expired
    }

    /// Closes every connection with 1001 and waits for every pending write.
    package func shutdown() async {
        isShuttingDown = true
        let all = hosts.values
        hosts = [:]
        for relay in relays.values { await relay.shutdown(code: 1001, reason: "Server shutting down") }
        relays = [:]
        await withTaskGroup(of: Void.self) { group in
            for host in all {
                group.addTask { await host.shutdown(code: 1001, reason: "Server shutting down") }
            }
        }
    }
}

extension MatchRegistry {
    /// Adds a new connection to the host of match `id`, reloading a host that closed meanwhile (expired
    /// or failed between the upgrade check and now). Nil when the match is full or cannot be found any
    /// more (logged).
    package nonisolated func join(_ connection: Connection, to id: MatchID, logger: Logger) async -> (any MatchEndpoint)? {
        // Watching never moves a match: on a shared store, a match hosted elsewhere is relayed.
        if connection.watchesOnly, store.relaysAudiences, await openHost(of: id) == nil {
            return await relay(connection, to: id, logger: logger)
        }
        for _ in 0..<3 {
            guard let host = try? await host(for: id) else { break }
            switch await host.connect(connection) {
            case .connected: return host
            case .full:
                logger.notice("refused", metadata: ["reason": "match full of connections, closed 1013"])
                return nil
            case .closed: await remove(host)
            }
        }
        logger.notice("refused", metadata: ["reason": "match gone after the upgrade, closed 1013"])
        return nil
    }
}

extension MatchRegistry {
    /// The RIB tree of match `id`: the live one as its connections were told it (`MatchHost.ribTree()`)
    /// when this process hosts the match, else the one its stored log rebuilds. Looking is not a
    /// reason to load a match: on a shared PostgreSQL database loading takes the match over from the
    /// server hosting it and closes its players' connections.
    package nonisolated func ribTree(of id: MatchID) async throws(LookupError) -> RIBDescription {
        if let host = await openHost(of: id), let tree = await host.ribTree() { return tree }
        let records: [StoredRecord]?
        do {
            records = try await store.records(of: id)
        } catch {
            throw .unreadable(error)
        }
        guard let records else { throw .notFound }
        do {
            let tree = try HostedTree(replaying: records, games: settings.games, trackingTag: nil)
            defer { tree.tearDown() }
            guard let description = tree.ribTree else { throw MatchStoreError.unavailable }
            return description
        } catch {
            throw .unreadable(error)
        }
    }

    /// The host of match `id` when it is in memory, open or not; nothing is loaded.
    func hostOf(_ id: MatchID) -> MatchHost? { hosts[id] }

    /// The host of match `id` when it is in memory and open; nothing is loaded.
    func openHost(of id: MatchID) async -> MatchHost? {
        guard let host = hosts[id], await !host.isClosed else { return nil }
        return host
    }
}

extension MatchRegistry {
    /// The games of match `id` as its stored log tells them (`GameHistory`), without loading the match:
    /// the same whether it is in memory or not, with the match's time control. Nil when no such match
    /// was stored.
    package nonisolated func games(of id: MatchID) async throws -> (games: [MatchGames.Game], timeControl: WireTimeControl?)? {
        guard let records = try await store.records(of: id) else { return nil }
        var games = try GameHistory.games(of: records, games: settings.games)
        if MatchRecord.isRated(records), let ratings = settings.ratings {
            // Each ended game's ratings as the store holds them: what its `gameOver` told.
            for index in games.indices where games[index].result != nil {
                games[index].ratings = try await ratings.ratedGame(matchID: id.rawValue, gameNumber: games[index].number).map(
                    WireRatings.init)
            }
        }
        return (games, MatchRecord.timeControl(in: records).map(WireTimeControl.init))
    }
}
