import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
import NIOSSL
import NIOWebSocket
import WireProtocol

/// A WebSocket client for live-server tests: send messages, read the next one with a timeout, see how
/// the server closed the socket.
final class TestClient: Sendable {
    enum Outgoing: Sendable {
        case text(String)
        case binary([UInt8])
        case frame(WebSocketFrame)
        case close
    }

    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        var description: String { "no message \(waitingFor) in time" }
    }

    let inbox = Inbox()
    private let outgoing: AsyncStream<Outgoing>.Continuation
    /// Ends with the server's close frame (code and reason), or the connection error.
    let run: Task<WebSocketCloseFrame?, any Error>

    private init(url: String, origin: String?, cookie: String?, tls: TLSConfiguration?) {
        let (stream, continuation) = AsyncStream<Outgoing>.makeStream()
        outgoing = continuation
        var headers = HTTPFields()
        if let origin { headers[.origin] = origin }
        if let cookie { headers[.cookie] = "session=\(cookie)" }
        var logger = Logger(label: "test-client")
        logger.logLevel = .critical
        let inbox = inbox
        run = Task {
            try await WebSocketClient.connect(
                url: url,
                // An IP address may not be sent as SNI: over TLS the name is localhost, which the tests'
                // certificates hold beside 127.0.0.1.
                configuration: .init(
                    maxFrameSize: 1 << 16, additionalHeaders: headers, closeTimeout: .seconds(2),
                    sniHostname: tls == nil ? nil : "localhost"),
                tlsConfiguration: tls,
                logger: logger
            ) { inbound, outbound, _ in
                defer { inbox.finish() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await item in stream {
                            switch item {
                            case .text(let text): try await outbound.write(.text(text))
                            case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                            case .frame(let frame): try await outbound.write(.custom(frame))
                            case .close:
                                try await outbound.close(.normalClosure, reason: nil)
                                return
                            }
                        }
                    }
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        if case .text(let text) = message { inbox.append(text) }
                    }
                    group.cancelAll()
                }
            }
        }
    }

    /// Opens `/ws/{matchID}`, over `wss://` with `tls`, sending the `session` cookie `cookie` (issue 41);
    /// does not wait for the upgrade (read `welcome` for that).
    static func connect(
        port: Int, matchID: String, origin: String? = nil, cookie: String? = nil, tls: TLSConfiguration? = nil
    ) -> TestClient {
        TestClient(url: "\(tls == nil ? "ws" : "wss")://127.0.0.1:\(port)/ws/\(matchID)", origin: origin, cookie: cookie, tls: tls)
    }

    /// Opens `/ws/{matchID}` (over `wss://` with `tls`, with the `session` cookie `cookie`) and reads its
    /// `welcome`.
    static func connected(
        port: Int, matchID: String, cookie: String? = nil, tls: TLSConfiguration? = nil
    ) async throws -> (TestClient, ServerMessage) {
        let client = connect(port: port, matchID: matchID, cookie: cookie, tls: tls)
        let welcome = try await client.next { if case .welcome = $0 { true } else { false } }
        return (client, welcome)
    }

    func send(_ message: ClientMessage) { outgoing.yield(.text(message.encoded())) }

    func sendRaw(_ text: String) { outgoing.yield(.text(text)) }

    func sendBinary(_ bytes: [UInt8]) { outgoing.yield(.binary(bytes)) }

    /// Sends one frame as given: a text frame of bytes that are not UTF-8, or a fragment of a message.
    func sendFrame(opcode: WebSocketOpcode, fin: Bool = true, _ bytes: [UInt8]) {
        outgoing.yield(.frame(WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(bytes: bytes))))
    }

    func close() { outgoing.yield(.close) }

    /// The next message, decoded; throws on timeout or close.
    func next(timeout: Duration = .seconds(5)) async throws -> ServerMessage {
        guard let text = await inbox.next(timeout: timeout) else { throw Timeout(waitingFor: "at all") }
        switch ServerMessage.decode(text) {
        case .success(let message): return message
        case .failure(let error): throw error
        }
    }

    /// Reads until a message matches `predicate` and returns it; throws on timeout.
    func next(timeout: Duration = .seconds(5), where predicate: (ServerMessage) -> Bool) async throws -> ServerMessage {
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = deadline - .now
            guard left > .zero else { throw Timeout(waitingFor: "matching") }
            let message = try await next(timeout: left)
            if predicate(message) { return message }
        }
    }

    /// Every message received so far, read or not, in order: what this client was told.
    func received() throws -> [ServerMessage] {
        try inbox.received().map { try ServerMessage.decode($0).get() }
    }

    /// Waits until the socket ended, however it ended (close frame, reset, error), or `timeout` passed.
    func waitUntilClosed(timeout: Duration = .seconds(10)) async {
        _ = try? await closeCode(timeout: timeout)
    }

    /// Reads until an `error` arrives and returns its code.
    func nextError(timeout: Duration = .seconds(5)) async throws -> ErrorCode {
        let message = try await next(timeout: timeout) { if case .error = $0 { true } else { false } }
        guard case .error(let code, _) = message else { throw Timeout(waitingFor: "error") }
        return code
    }

    /// The close code the server sent, waiting for the socket to end.
    func closeCode(timeout: Duration = .seconds(10)) async throws -> Int? {
        let run = run
        return try await withThrowingTaskGroup(of: Int?.self) { group in
            // Awaiting a task's value ignores cancellation: on timeout, end the client's task itself.
            group.addTask {
                try await withTaskCancellationHandler {
                    try await run.value.map { Int(UInt16(webSocketErrorCode: $0.closeCode)) }
                } onCancel: {
                    run.cancel()
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Timeout(waitingFor: "close")
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}
