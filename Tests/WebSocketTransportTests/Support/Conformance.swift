import Foundation
import RawSocketSupport

/// What the conformance tests share: a transport server (`withTransportServer`) with a match, and a
/// WebSocket to it that has had its `welcome`.
enum Conformance {
    /// The close timeout of a server whose tests check that TCP ends promptly, not after the timeout:
    /// long, so that a busy machine's delay (seconds, with the whole suite running) is never taken
    /// for waiting it out, and the bound (`prompt`) sits far from both.
    static let longCloseTimeout = Duration.seconds(60)
    static let prompt = Duration.seconds(10)

    /// Runs `body` with a transport server, a match in it and a raw WebSocket to that match, its `welcome` received.
    static func withSocket<Value>(
        answersClose: Bool = true, closeTimeout: Duration? = nil,
        _ body: (_ socket: WireConnection, _ port: Int, _ matchID: String) async throws -> Value
    ) async throws -> Value {
        try await withTransportServer(configure: { if let closeTimeout { $0.closeTimeout = closeTimeout } }) { server in
            let matchID = try await server.createMatch()
            let socket = try await WireConnection.webSocket(port: server.port, matchID: matchID, answersClose: answersClose)
            do {
                try await socket.waitForMessages("welcome")
                let value = try await body(socket, server.port, matchID)
                await socket.close()
                return value
            } catch {
                await socket.close()
                throw error
            }
        }
    }

    /// Runs `body` once per case in `cases`, each on its own raw WebSocket (its `welcome` received) to a
    /// match of one transport server: many cases, one server, so that the suite stays light on a loaded machine.
    static func forEach<Case>(
        _ cases: [Case], answersClose: Bool = true, closeTimeout: Duration? = nil,
        _ body: (_ socket: WireConnection, _ testCase: Case) async throws -> Void
    ) async throws {
        try await withTransportServer(configure: { if let closeTimeout { $0.closeTimeout = closeTimeout } }) { server in
            let matchID = try await server.createMatch()
            for testCase in cases {
                let socket = try await WireConnection.webSocket(port: server.port, matchID: matchID, answersClose: answersClose)
                do {
                    try await socket.waitForMessages("welcome")
                    try await body(socket, testCase)
                    await socket.close()
                } catch {
                    await socket.close()
                    throw error
                }
            }
        }
    }

    /// A `sync` message as bytes: the server answers it with a `welcome`, so it proves a message was read.
    static let sync = Array(#"{"type":"sync"}"#.utf8)

    /// `message` (a JSON object) with blanks before its closing brace, `size` bytes in all.
    static func padded(_ message: [UInt8], to size: Int) -> [UInt8] {
        message.dropLast() + Array(repeating: UInt8(ascii: " "), count: size - message.count) + [UInt8(ascii: "}")]
    }
}
