import MatchStore
import NIOCore
import PostgresNIO
import Synchronization

/// Runs bodies on pooled connections and gives up on a body once its connection has closed and the
/// body has still not ended `grace` later.
///
/// postgres-nio can leave a query that was issued as its connection closed waiting for ever: no answer
/// comes, and the channel that would fail it is gone (vapor/postgres-nio#487 fixed it and was reverted
/// in #501). When the primary was SIGKILLed, the one writer of a server met this about one time in two,
/// and with it every later move of that server waited behind it: the server never wrote again, and
/// said nothing. Nothing more can happen on a closed connection: PostgreSQL committed what it committed
/// before the connection went and rolled back the rest, so leaving the body behind loses nothing that
/// could still be stored, and its callers are told the write failed (the move refused, nothing told).
///
/// One guard serves a whole pool, and each connection gets one close callback for its whole life,
/// however many bodies it runs: a callback per body would pile up on a pooled connection that lives for
/// days (one per write batch, thousands a second under load) and be freed only when it closed.
final class ClosedConnectionGuard: Sendable {
    /// How long a body may run on after its connection closed: a query on a closed connection fails in
    /// well under a millisecond when postgres-nio sees the close.
    static let defaultGrace = Duration.seconds(1)

    private let grace: Duration
    private let watched = Mutex(WatchedConnections())

    init(grace: Duration = defaultGrace) {
        self.grace = grace
    }

    func run<Value: Sendable>(
        on connection: PostgresConnection, _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let outcome = Once<Value>()
        let token = watch(connection) { outcome.resume(with: .failure(MatchStoreError.unavailable)) }
        defer { watched.withLock { $0.remove(token) } }
        let work = Task { outcome.resume(with: await Result(catching: { try await body(connection) })) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in outcome.set(continuation) }
        } onCancel: {
            work.cancel()
        }
    }

    /// What the guard holds now: for tests, which check that nothing piles up.
    var counts: (connections: Int, bodies: Int) {
        watched.withLock { ($0.connections.count, $0.connections.values.reduce(0) { $0 + $1.bodies.count }) }
    }

    /// Registers `giveUp` for the body's connection, and the connection's one close callback the first
    /// time it is seen.
    private func watch(_ connection: PostgresConnection, giveUp: @escaping @Sendable () -> Void) -> WatchedConnections.Token {
        let (token, isNew) = watched.withLock { $0.add(giveUp, on: connection) }
        if isNew {
            connection.closeFuture.whenComplete { [self] _ in
                Task { [self] in
                    try? await Task.sleep(for: grace)
                    for giveUp in watched.withLock({ $0.closed(token.connection) }) { giveUp() }
                }
            }
        }
        return token
    }
}

/// The bodies running on each connection, by connection.
private struct WatchedConnections {
    struct Token {
        let connection: ObjectIdentifier
        let body: Int
    }

    struct Connection {
        /// Held until the close has been handled, so that no new connection can take its address (and
        /// with it this entry, whose callback was already spent) while its bodies are still given up.
        let connection: PostgresConnection
        var bodies: [Int: @Sendable () -> Void] = [:]
    }

    var connections: [ObjectIdentifier: Connection] = [:]
    private var nextBody = 0

    /// Adds a body; says whether its connection is new here and needs its close callback.
    mutating func add(_ giveUp: @escaping @Sendable () -> Void, on connection: PostgresConnection) -> (Token, isNew: Bool) {
        let id = ObjectIdentifier(connection)
        nextBody += 1
        let isNew = connections[id] == nil
        connections[id, default: Connection(connection: connection)].bodies[nextBody] = giveUp
        return (Token(connection: id, body: nextBody), isNew)
    }

    mutating func remove(_ token: Token) {
        connections[token.connection]?.bodies[token.body] = nil
    }

    /// Forgets a closed connection, and answers the bodies still running on it.
    mutating func closed(_ id: ObjectIdentifier) -> [@Sendable () -> Void] {
        guard let closed = connections.removeValue(forKey: id) else { return [] }
        return Array(closed.bodies.values)
    }
}

/// A result handed over once, whichever of the body and the closed connection comes first, and whether
/// it comes before or after the caller starts waiting.
private final class Once<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case caller(CheckedContinuation<Value, any Error>)
        case early(Result<Value, any Error>)
        case done
    }

    private let state = Mutex(State.waiting)

    func set(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            guard case .early(let result) = state else {
                state = .caller(continuation)
                return nil
            }
            state = .done
            return result
        }
        if let early { continuation.resume(with: early) }
    }

    func resume(with result: Result<Value, any Error>) {
        let caller = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            switch state {
            case .waiting:
                state = .early(result)
                return nil
            case .caller(let continuation):
                state = .done
                return continuation
            case .early, .done:
                return nil
            }
        }
        caller?.resume(with: result)
    }
}

extension Result where Failure == any Error {
    /// The result of `body`: its value, or the error it threw.
    fileprivate init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
