import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// One TCP connection to the server that speaks HTTP/1.1 and then WebSocket by hand: requests as
/// written, frames as `FrameBytes` builds them, nothing fixed up by a library. It records every frame
/// the server sends and whether the server's close frame came before the connection's end.
///
/// Like a conforming client it answers the server's close frame with a close (RFC 6455 5.5.1) unless
/// told not to, and never answers pings (the tests' servers do not ping).
package final class WireConnection: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// A frame the server sent.
    package struct Frame: Sendable, Equatable, CustomStringConvertible {
        package let opcode: UInt8
        package let fin: Bool
        package let payload: [UInt8]

        package var isClose: Bool { opcode == 0x8 }
        /// The status code of a close frame that has one.
        package var closeCode: Int? { isClose && payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil }
        package var text: String? { opcode == 0x1 ? String(decoding: payload, as: UTF8.self) : nil }
        /// The `type` of a text frame's JSON message, read loosely.
        package var messageType: String? {
            guard let text, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
            return object["type"] as? String
        }

        package var description: String {
            if let text { return "text \(text.prefix(80))" }
            if isClose { return "close \(closeCode.map(String.init) ?? "without code")" }
            return "opcode \(opcode) (\(payload.count) bytes)"
        }
    }

    private struct State {
        var bytes: [UInt8] = []
        var isWebSocket = false
        var frames: [Frame] = []
        /// Each frame of `frames` as its bytes came on the wire, header included.
        var wireFrames: [[UInt8]] = []
        var ended = false
        var endedAt: ContinuousClock.Instant?
        var closeReceivedAt: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    private let outgoing: AsyncStream<[UInt8]>.Continuation
    private let run = Mutex<Task<Void, any Error>?>(nil)
    private let answersClose: Bool
    package let port: Int

    private init(port: Int, answersClose: Bool, outgoing: AsyncStream<[UInt8]>.Continuation) {
        self.port = port
        self.answersClose = answersClose
        self.outgoing = outgoing
    }

    /// Connects to the server on `port`.
    /// - Parameters:
    ///   - answersClose: false for a client that never answers the server's close.
    ///   - source: the loopback address to connect from (`127.0.0.2`, …) for a client whose address is
    ///     not the one every other test client shares (127.0.0.1).
    package static func open(port: Int, answersClose: Bool = true, from source: String? = nil) async throws -> WireConnection {
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        if let source { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0)) }
        let channel =
            try await bootstrap
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        let connection = WireConnection(port: port, answersClose: answersClose, outgoing: continuation)
        let run = Task {
            defer {
                connection.state.withLock {
                    $0.ended = true
                    $0.endedAt = .now
                }
            }
            try await channel.executeThenClose { inbound, outbound in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await bytes in stream { try await outbound.write(ByteBuffer(bytes: bytes)) }
                    }
                    for try await chunk in inbound { try connection.received(Array(chunk.readableBytesView)) }
                    group.cancelAll()
                }
            }
        }
        connection.run.withLock { $0 = run }
        return connection
    }

    /// Opens a connection and upgrades it to `/ws/{matchID}`; throws unless the answer is `101`.
    package static func webSocket(
        port: Int, matchID: String, answersClose: Bool = true, from source: String? = nil,
        headers: [(String, String)] = RawHTTP.upgradeHeaders
    ) async throws -> WireConnection {
        let connection = try await open(port: port, answersClose: answersClose, from: source)
        let reply = try await connection.upgrade(path: "/ws/\(matchID)", headers: headers)
        guard reply.status == 101 else { throw Failure(description: "upgrade answered \(reply.status)") }
        return connection
    }

    // MARK: - HTTP

    /// Sends one request and reads its whole answer (head, then `Content-Length` bytes of body).
    package func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: String = "") async throws
        -> RawHTTP.Reply
    {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if method != "GET" { request += "Content-Length: \(body.utf8.count)\r\n" }
        send(Array((request + "\r\n" + body).utf8))
        return try await reply(upgrading: false)
    }

    /// Asks for an upgrade to WebSocket at `path` and reads the answer's head; on `101` the connection
    /// reads frames from then on. `extraBytes` go in the same write as the request (frames a client
    /// sends before the answer came).
    package func upgrade(path: String, headers: [(String, String)] = RawHTTP.upgradeHeaders, extraBytes: [UInt8] = []) async throws
        -> RawHTTP.Reply
    {
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + headers.map { "\($0): \($1)\r\n" }.joined() + "\r\n"
        send(Array(request.utf8) + extraBytes)
        return try await reply(upgrading: true)
    }

    /// Reads the next answer without sending anything (to a request sent with `send`).
    package func nextReply(timeout: Duration = .seconds(10)) async throws -> RawHTTP.Reply {
        try await reply(upgrading: false, timeout: timeout)
    }

    private func reply(upgrading: Bool, timeout: Duration = .seconds(10)) async throws -> RawHTTP.Reply {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (reply, ended): (RawHTTP.Reply?, Bool) = try state.withLock { state in
                guard let reply = RawHTTP.parse(state.bytes), let headEnd = state.bytes.firstRange(of: Array("\r\n\r\n".utf8)) else {
                    return (nil, state.ended)
                }
                if upgrading, reply.status == 101 {
                    state.bytes.removeSubrange(..<headEnd.upperBound)
                    state.isWebSocket = true
                    try parseFrames(&state)
                    return (reply, state.ended)
                }
                let length = reply.header("Content-Length").flatMap(Int.init) ?? 0
                guard state.bytes.count >= headEnd.upperBound + length else { return (nil, state.ended) }
                let body = String(decoding: state.bytes[headEnd.upperBound..<headEnd.upperBound + length], as: UTF8.self)
                state.bytes.removeSubrange(..<(headEnd.upperBound + length))
                return (RawHTTP.Reply(status: reply.status, head: reply.head, body: body), state.ended)
            }
            if let reply { return reply }
            if ended { throw Failure(description: "connection ended before a whole answer came") }
            guard ContinuousClock.now < deadline else { throw Failure(description: "no answer within \(timeout)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    // MARK: - Frames

    /// Sends `bytes` as they are.
    package func send(_ bytes: [UInt8]) {
        outgoing.yield(bytes)
    }

    /// Sends a masked frame.
    package func sendFrame(opcode: UInt8, fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true, _ payload: [UInt8]) {
        send(FrameBytes.frame(opcode: opcode, fin: fin, rsv: rsv, masked: masked, payload: payload))
    }

    /// Sends a text message in one masked frame.
    package func sendText(_ text: String) {
        sendFrame(opcode: 0x1, Array(text.utf8))
    }

    private func received(_ chunk: [UInt8]) throws {
        try state.withLock { state in
            state.bytes += chunk
            if state.isWebSocket { try parseFrames(&state) }
        }
    }

    private func parseFrames(_ state: inout State) throws {
        var parser = FrameParser(bytes: state.bytes)
        var start = 0
        while let (opcode, fin, payload) = try parser.next() {
            let frame = Frame(opcode: opcode, fin: fin, payload: payload)
            state.frames.append(frame)
            let end = state.bytes.count - parser.bytes.count
            state.wireFrames.append(Array(state.bytes[start..<end]))
            start = end
            if frame.isClose, state.closeReceivedAt == nil {
                state.closeReceivedAt = .now
                if answersClose { outgoing.yield(FrameBytes.frame(opcode: 0x8, payload: Array(payload.prefix(2)))) }
            }
        }
        state.bytes = parser.bytes
    }

    /// The frames received so far.
    package var frames: [Frame] { state.withLock { $0.frames } }

    /// The frames received so far as they came on the wire, header and payload: `frames[i]` is
    /// `wireFrames[i]` read.
    package var wireFrames: [[UInt8]] { state.withLock { $0.wireFrames } }

    /// Whether the connection has ended (closed by either side).
    package var hasEnded: Bool { state.withLock { $0.ended } }

    /// Waits until `predicate` holds for the frames received, or throws when the connection ends or
    /// the time is up first.
    @discardableResult
    package func waitFor(timeout: Duration = .seconds(10), _ predicate: ([Frame]) -> Bool) async throws -> [Frame] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (frames, ended) = state.withLock { ($0.frames, $0.ended) }
            if predicate(frames) { return frames }
            if ended { throw Failure(description: "connection ended; frames: \(frames)") }
            guard ContinuousClock.now < deadline else { throw Failure(description: "frames expected did not come: \(frames)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for a text message of `type` after `count` of them came.
    package func waitForMessages(_ type: String, count: Int = 1, timeout: Duration = .seconds(10)) async throws {
        try await waitFor(timeout: timeout) { $0.filter { $0.messageType == type }.count >= count }
    }

    /// How the server ended the connection.
    package struct Ending: Sendable {
        /// Every frame received, the close frame (if any) among them.
        package let frames: [Frame]
        /// The code of the server's close frame; nil when none came (or it had no code).
        package let closeCode: Int?
        /// True when a close frame came and nothing came after it.
        package let closeWasLast: Bool
        /// From the close frame to the connection's end.
        package let closeToEnd: Duration?
    }

    /// Waits until the server ends the TCP connection (throws after `timeout`) and says what came before.
    package func ending(timeout: Duration = .seconds(10)) async throws -> Ending {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (ended, state) = self.state.withLock { ($0.ended, $0) }
            if ended {
                let close = state.frames.firstIndex { $0.isClose }
                return Ending(
                    frames: state.frames, closeCode: close.flatMap { state.frames[$0].closeCode },
                    closeWasLast: close == state.frames.indices.last && close != nil,
                    closeToEnd: state.closeReceivedAt.flatMap { start in state.endedAt.map { $0 - start } })
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the server did not end the connection: \(state.frames)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Closes the TCP connection from this side.
    package func close() async {
        outgoing.finish()
        guard let run = run.withLock({ $0 }) else { return }
        run.cancel()
        _ = await run.result
    }
}
