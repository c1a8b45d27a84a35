import Foundation
import MatchTree
import NIOCore
import WireProtocol

/// The server itself in a match, as a page would be: a connection without a socket that joins the
/// match's host, sends it messages and reads what it is told, so that whatever the server does in a
/// match (seat a player, launch a game) goes through the same checks, log and "write before tell" as a
/// person's WebSocket.
final class ServerSideClient: Sendable {
    enum Failure: Error {
        /// The match was full of connections or closed.
        case notConnected
        /// The host answered with an `error` (its code), or closed the connection.
        case refused(ErrorCode?)
        /// Nothing that was waited for came within the time.
        case timedOut
    }

    private let connection: Connection
    private let host: MatchHost
    private let arrivals: AsyncStream<Void>

    private init(host: MatchHost) {
        let (arrivals, wake) = AsyncStream.makeStream(of: Void.self)
        self.arrivals = arrivals
        self.host = host
        connection = Connection(remoteAddress: "server", queueLimit: 256, wake: { wake.yield() })
    }

    /// A client that joined `host` as a spectator.
    static func connected(to host: MatchHost) async throws(Failure) -> ServerSideClient {
        let client = ServerSideClient(host: host)
        guard case .connected = await host.connect(client.connection) else { throw .notConnected }
        return client
    }

    /// Sends `message`, behind whatever this client sent before.
    func send(_ message: ClientMessage) {
        host.deliver(.message(message), from: connection.id)
    }

    /// Leaves the match; a seat it holds waits for its player to resume it (the seat timeout).
    func close() {
        host.deliver(.disconnected, from: connection.id)
        connection.queue.finish()
    }

    /// The first message told from now on that `wanted` picks, within `timeout`. An `error` or a close
    /// before it throws `refused`.
    func next<Value: Sendable>(within timeout: Duration = .seconds(10), _ wanted: @escaping @Sendable (ServerMessage) -> Value?)
        async throws -> Value
    {
        try await withThrowingTaskGroup(of: Value.self) { group in
            group.addTask { try await self.read(wanted) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Failure.timedOut
            }
            defer { group.cancelAll() }
            guard let value = try await group.next() else { throw Failure.timedOut }
            return value
        }
    }

    private func read<Value>(_ wanted: (ServerMessage) -> Value?) async throws -> Value {
        var iterator = arrivals.makeAsyncIterator()
        while true {
            while let item = connection.queue.take() {
                guard case .text(let buffer) = item else { throw Failure.refused(nil) }
                guard case .success(let message) = ServerMessage.decode(String(buffer: buffer)) else { continue }
                if case .error(let code, _) = message { throw Failure.refused(code) }
                if let value = wanted(message) { return value }
            }
            guard await iterator.next() != nil else { throw CancellationError() }
        }
    }
}
