import Logging
import MatchStore
import PostgresNIO
import Synchronization

/// The store's pool of connections to the primary, and the search for another when it is lost.
///
/// postgres-nio's `PostgresClient` connects to one host and tries it again for ever; a standby promoted
/// elsewhere is never found that way. So this holds one client at a time, on the host `PrimarySearch`
/// found. When a call on it fails in a way that says the primary may be gone (`meansPrimaryLost`), the
/// client is retired and the hosts are searched again: callers wait for the next primary meanwhile
/// (each no longer than its own wait), and once `failoverTimeout` has passed without one they are
/// refused at once while the search goes on, more slowly, in the background.
final class PrimaryPool: Sendable {
    /// A client on the primary, and which one it is: a failure reported for an older one changes
    /// nothing.
    struct Lease: Sendable {
        let client: PostgresClient
        let host: PostgresURL.Host
        let generation: Int
    }

    private enum Phase {
        case connected(Lease, run: Task<Void, Never>)
        case searching(since: ContinuousClock.Instant, search: Task<Void, Never>?)
        case closed
    }

    private struct State {
        var phase: Phase
        var generation = 0
        /// The newest timeline written to: an older one is an old primary (`PrimarySearch`).
        var newestTimeline: Int
        var primaryFound: [@Sendable () -> Void] = []
    }

    private let search: PrimarySearch
    private let maxConnections: Int
    private let failoverTimeout: Duration
    /// How long a retired client's pool runs on: longer than any caller waits for a connection.
    private let retireAfter: Duration
    private let logger: Logger
    private let state: Mutex<State>

    /// Starts a client on `host`, the primary `search` found at start on `timeline`.
    init(
        search: PrimarySearch, primary host: PostgresURL.Host, timeline: Int, maxConnections: Int, failoverTimeout: Duration,
        retireAfter: Duration,
        logger: Logger
    ) {
        self.search = search
        self.maxConnections = maxConnections
        self.failoverTimeout = failoverTimeout
        self.retireAfter = retireAfter
        self.logger = logger
        state = Mutex(State(phase: .closed, newestTimeline: timeline))
        let (lease, run) = Self.start(search: search, host: host, generation: 0, maxConnections: maxConnections, logger: logger)
        state.withLock { $0.phase = .connected(lease, run: run) }
    }

    private static func start(
        search: PrimarySearch, host: PostgresURL.Host, generation: Int, maxConnections: Int, logger: Logger
    ) -> (Lease, Task<Void, Never>) {
        let client = PostgresClient(
            configuration: search.clientConfiguration(for: host, maxConnections: maxConnections), backgroundLogger: logger)
        return (Lease(client: client, host: host, generation: generation), Task { await client.run() })
    }

    /// Whether no primary is known now: the store is looking for one (`/healthz` says `degraded`).
    var isSearching: Bool {
        state.withLock { if case .searching = $0.phase { true } else { false } }
    }

    /// Calls `action` each time a primary is found after one was lost.
    func onPrimaryFound(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.primaryFound.append(action) }
    }

    /// The primary's client, waiting for one until `deadline` while it is looked for.
    /// - Throws: `MatchStoreError.unavailable` at the deadline, or at once once the failover timeout has
    ///   run out; `.closed` once the store is closed.
    func lease(until deadline: ContinuousClock.Instant) async throws -> Lease {
        while true {
            let phase = state.withLock { state -> Result<Lease, MatchStoreError>? in
                switch state.phase {
                case .connected(let lease, _): return .success(lease)
                case .closed: return .failure(.closed)
                case .searching(let since, _): return since + failoverTimeout <= .now ? .failure(.unavailable) : nil
                }
            }
            if let phase { return try phase.get() }
            guard ContinuousClock.now < deadline else { throw MatchStoreError.unavailable }
            // A short poll rather than a list of waiters: the wait is rare (a failover) and brief.
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The configuration of a direct connection to `lease`'s host (the store's listener).
    func configuration(of lease: Lease) -> PostgresConnection.Configuration {
        search.connectionConfiguration(for: lease.host)
    }

    /// `error` was met on `lease`: when it says the primary may be lost, retires that client and looks
    /// for the primary again (once for each client, however many calls failed on it).
    func failed(_ lease: Lease, with error: any Error) {
        guard PrimarySearch.meansPrimaryLost(error) else { return }
        let retired = state.withLock { state -> Task<Void, Never>? in
            guard case .connected(let current, let run) = state.phase, current.generation == lease.generation else { return nil }
            state.phase = .searching(since: .now, search: nil)
            return run
        }
        guard let retired else { return }
        logger.error(
            "lost the PostgreSQL primary \(lease.host) (\(PostgresErrorText.describe(error, hiding: search.url.password))); looking for the primary among \(search.url.address)"
        )
        // Nothing new is leased from it, whatever that host becomes. Its pool runs on until every caller
        // already waiting on it has reached its deadline: a request waiting for a connection is
        // cancelled through the pool's run loop, so a pool stopped at once would strand it for ever.
        let linger = retireAfter
        Task {
            try? await Task.sleep(for: linger)
            retired.cancel()
        }
        let task = Task { await self.searchUntilFound() }
        state.withLock { state in
            if case .searching(let since, nil) = state.phase { state.phase = .searching(since: since, search: task) } else { task.cancel() }
        }
    }

    private func searchUntilFound() async {
        var reported = false
        while !Task.isCancelled {
            let floor = search.url.hosts.count > 1 ? state.withLock { $0.newestTimeline } : 0
            switch await search.find(notOlderThan: floor) {
            case .primary(let host, let timeline):
                found(host, timeline: timeline)
                return
            case .none(let reasons):
                let since = state.withLock { state -> ContinuousClock.Instant? in
                    if case .searching(let since, _) = state.phase { since } else { nil }
                }
                guard let since else { return }
                let overdue = since + failoverTimeout <= .now
                if overdue && !reported {
                    reported = true
                    logger.error(
                        "no PostgreSQL primary for \(failoverTimeout) (\(reasons.joined(separator: "; "))); refusing writes until one answers"
                    )
                }
                // Quickly while a promotion is awaited; more slowly once the failover timeout ran out.
                try? await Task.sleep(for: overdue ? .seconds(1) : .milliseconds(100))
            }
        }
    }

    private func found(_ host: PostgresURL.Host, timeline: Int) {
        let (actions, run) = state.withLock { state -> ([@Sendable () -> Void], Task<Void, Never>?) in
            guard case .searching = state.phase else { return ([], nil) }
            state.generation += 1
            state.newestTimeline = max(state.newestTimeline, timeline)
            let (lease, run) = Self.start(
                search: search, host: host, generation: state.generation, maxConnections: maxConnections, logger: logger)
            state.phase = .connected(lease, run: run)
            return (state.primaryFound, run)
        }
        guard run != nil else { return }
        logger.notice("PostgreSQL primary found at \(host) (timeline \(timeline)); writing there")
        for action in actions { action() }
    }

    /// Ends the client (or the search); later leases throw `MatchStoreError.closed`.
    func close() async {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state.phase = .closed }
            switch state.phase {
            case .connected(_, let run): return run
            case .searching(_, let search): return search
            case .closed: return nil
            }
        }
        task?.cancel()
        await task?.value
    }
}
