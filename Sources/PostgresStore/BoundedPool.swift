import MatchStore
import MatchWords
import PostgresNIO
import Synchronization

/// The store's pool of connections, with a bound on how long a caller waits for one: postgres-nio's
/// pool waits for as long as PostgreSQL is unreachable, and a player waiting that long for the answer to
/// a move, or a connection waiting to be let in, is worse than a clear failure they can retry.
///
/// Only the wait for a connection is bounded. Once `body` has a connection it runs to its end (or to
/// the connection's failure): a transaction is never abandoned half way, so a writer that timed out
/// never leaves a batch committing behind the next one.
struct BoundedPool: Sendable {
    let client: PostgresClient
    /// How long a caller waits for a connection before `MatchStoreError.unavailable`.
    let wait: Duration

    func withConnection<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        let lease = LeaseState()
        let client = client
        let wait = wait
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    guard lease.start() else { throw CancellationError() }
                    return try await body(connection)
                }
            }
            group.addTask {
                try await Task.sleep(for: wait)
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

    /// The deadline came: true unless the body had started.
    func expire() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .expired
            return true
        }
    }
}
