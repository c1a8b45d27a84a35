import MatchStore
import MatchWords
import PostgresNIO
import Synchronization

/// The store's pool of connections, with a bound on how long a caller waits for one: postgres-nio's
/// pool waits for as long as PostgreSQL is unreachable, and a player waiting that long for the answer to
/// a move, or a connection waiting to be let in, is worse than a clear failure they can retry.
///
/// Only the wait for a connection is bounded. Once `body` has a connection it runs to its end (or to
/// the connection's failure, or a second after its connection closed: `ClosedConnectionGuard`): a
/// transaction is never abandoned half way while it could still commit, so a writer that timed out
/// never leaves a batch committing behind the next one.
struct BoundedPool: Sendable {
    /// The client on the primary, and the search for another when it is lost.
    let primary: PrimaryPool
    /// How long a caller waits for a connection before `MatchStoreError.unavailable`.
    let wait: Duration
    /// Gives up the bodies stranded on a closed connection.
    let closedConnections = ClosedConnectionGuard()

    func withConnection<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        let deadline = ContinuousClock.now + wait
        while true {
            let lease = try await primary.lease(until: deadline)
            let started = LeaseState()
            do {
                return try await withConnection(of: lease.client, until: deadline, started: started, body)
            } catch {
                // A broken connection, a read-only refusal, no connection in time: look for the primary.
                primary.failed(lease, with: error)
                // Never started (its client retired by a failover, its host gone): the caller waits
                // for the next primary instead. A body that started is never run twice.
                guard !started.hasStarted, PrimarySearch.meansPrimaryLost(error) || Self.isPoolShutdown(error),
                    ContinuousClock.now < deadline
                else { throw error }
            }
        }
    }

    /// postgres-nio's error for a pool that was shut down: here, a client retired by a failover.
    private static func isPoolShutdown(_ error: any Error) -> Bool {
        String(describing: error).contains("poolShutdown")
    }

    private func withConnection<Value: Sendable>(
        of client: PostgresClient, until deadline: ContinuousClock.Instant, started lease: LeaseState,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let closedConnections = closedConnections
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    guard lease.start() else { throw CancellationError() }
                    return try await closedConnections.run(on: connection, body)
                }
            }
            group.addTask {
                try await Task.sleep(until: deadline)
                guard lease.expire() else { return nil }
                throw MatchStoreError.unavailable
            }
            // The first value ends it; a nil is the timer finding the body started, which then runs on.
            while let result = try await group.next() {
                if let value = result {
                    group.cancelAll()
                    return value
                }
            }
            throw CancellationError()
        }
    }
}

/// Whether a body got its connection before its deadline; decided once, by whichever comes first.
private final class LeaseState: Sendable {
    private enum State { case waiting, started, expired }
    private let state = Mutex(State.waiting)

    /// The body may run: true unless the deadline came first.
    func start() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .started
            return true
        }
    }

    /// Whether the body got its connection and ran.
    var hasStarted: Bool { state.withLock { $0 == .started } }

    /// The deadline came: true unless the body had started.
    func expire() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .expired
            return true
        }
    }
}
