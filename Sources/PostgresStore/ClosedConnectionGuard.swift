import MatchStore
import NIOCore
import PostgresNIO
import Synchronization

/// Runs a body on a pooled connection and gives up on it once that connection has closed and the body
/// has still not ended `grace` later.
///
/// postgres-nio can leave a query that was issued as its connection closed waiting for ever: no answer
/// comes, and the channel that would fail it is gone (vapor/postgres-nio#487 fixed it and was reverted
/// in #501). When the primary was SIGKILLed, the one writer of a server met this about one time in two,
/// and with it every later move of that server waited behind it: the server never wrote again, and
/// said nothing. Nothing more can happen on a closed connection: PostgreSQL committed what it committed
/// before the connection went and rolled back the rest, so leaving the body behind loses nothing that
/// could still be stored, and its callers are told the write failed (the move refused, nothing told).
enum ClosedConnectionGuard {
    /// How long a body may run on after its connection closed: a query on a closed connection fails in
    /// well under a millisecond when postgres-nio sees the close.
    static let grace = Duration.seconds(1)

    static func run<Value: Sendable>(
        on connection: PostgresConnection, grace: Duration = grace,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let outcome = Once<Value>()
        let work = Task { outcome.resume(with: await Result(catching: { try await body(connection) })) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.set(continuation)
                connection.closeFuture.whenComplete { _ in
                    Task {
                        try? await Task.sleep(for: grace)
                        outcome.resume(with: .failure(MatchStoreError.unavailable))
                    }
                }
            }
        } onCancel: {
            work.cancel()
        }
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
