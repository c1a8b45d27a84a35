import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A WebSocket client on a raw TCP connection whose reading the test controls: after the upgrade it
/// reads nothing until `resumeReading()`, with a small receive buffer, so the server's writes back up
/// as they would to a client that stopped reading. It still sends (masked text frames) meanwhile.
package final class RawWebSocket: Sendable {
    /// What the server sent, as the client read it.
    package enum Frame: Sendable, Equatable {
        case text(String)
        case close(code: Int?)
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    private struct State {
        var isReading = false
        var readGate: CheckedContinuation<Void, Never>?
        var frames: [Frame] = []
        var bytesRead = 0
        var pingsReceived = 0
        var pongsReceived = 0
        var isFinished = false
    }

    private let state = Mutex(State())
    private let outgoing: AsyncStream<[UInt8]>.Continuation
    private let outgoingStream: AsyncStream<[UInt8]>
    private let run = Mutex<Task<Void, any Error>?>(nil)
    private let answersPings: Bool

    private init(answersPings: Bool) {
        self.answersPings = answersPings
        (outgoingStream, outgoing) = AsyncStream<[UInt8]>.makeStream()
    }

    /// Opens `/ws/{matchID}` and completes the upgrade; reads nothing more until `resumeReading()`.
    /// - Parameters:
    ///   - receiveBuffer: the socket's SO_RCVBUF, small so that the kernel buffers little.
    ///   - answersPings: false for a client that reads pings and never answers (a half-open connection).
    package static func connect(port: Int, matchID: String, receiveBuffer: Int = 4096, answersPings: Bool = true) async throws
        -> RawWebSocket
    {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_rcvbuf), value: .init(receiveBuffer))
            // A small segment size, as on a slow mobile link: on loopback (MSS 64 KiB) the server's kernel
            // would size its send buffer to megabytes and absorb everything a test can send.
            .channelOption(ChannelOptions.Types.SocketOption(level: .init(IPPROTO_TCP), name: .init(TCP_MAXSEG)), value: 88)
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 1024))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(
                        wrappingChannelSynchronously: channel,
                        configuration: .init(backPressureStrategy: .init(lowWatermark: 1, highWatermark: 2))
                    )
                }
            }
        let socket = RawWebSocket(answersPings: answersPings)
        let stream = socket.outgoingStream
        let (upgraded, upgradedContinuation) = AsyncStream<Result<Void, any Error>>.makeStream()
        let run = Task {
            defer { upgradedContinuation.finish() }
            try await channel.executeThenClose { inbound, outbound in
                var iterator = inbound.makeAsyncIterator()
                // The upgrade: request, then the answer's head; what follows the head is frames.
                let request =
                    "GET /ws/\(matchID) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + RawHTTP.upgradeHeaders.map { "\($0): \($1)\r\n" }.joined() + "\r\n"
                try await outbound.write(ByteBuffer(string: request))
                var pending: [UInt8] = []
                while true {
                    guard let chunk = try await iterator.next() else {
                        upgradedContinuation.yield(.failure(Failure(description: "closed during the upgrade")))
                        return
                    }
                    pending += chunk.readableBytesView
                    if let end = pending.firstRange(of: Array("\r\n\r\n".utf8)) {
                        let head = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
                        guard head.hasPrefix("HTTP/1.1 101") else {
                            upgradedContinuation.yield(.failure(Failure(description: "upgrade refused: \(head)")))
                            return
                        }
                        pending.removeSubrange(..<end.upperBound)
                        break
                    }
                }
                upgradedContinuation.yield(.success(()))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await bytes in stream { try await outbound.write(ByteBuffer(bytes: bytes)) }
                    }
                    var parser = FrameParser(bytes: pending)
                    defer { socket.finish() }
                    while true {
                        try socket.deliver(&parser)
                        if socket.isClosed { break }
                        await socket.waitUntilReading()
                        guard let chunk = try await iterator.next() else { break }
                        socket.state.withLock { $0.bytesRead += chunk.readableBytes }
                        parser.bytes += chunk.readableBytesView
                    }
                    group.cancelAll()
                }
            }
        }
        var results = upgraded.makeAsyncIterator()
        guard let result = await results.next() else { throw Failure(description: "no upgrade") }
        socket.run.withLock { $0 = run }
        try result.get()
        return socket
    }

    // MARK: - Sending

    /// Sends a text frame, masked as a client must.
    package func send(_ text: String) {
        outgoing.yield(FrameBytes.frame(opcode: 0x1, payload: Array(text.utf8)))
    }

    /// Sends a ping with `payload` (at most 125 bytes), masked.
    package func ping(_ payload: [UInt8]) {
        outgoing.yield(FrameBytes.frame(opcode: 0x9, payload: payload))
    }

    // MARK: - Reading

    /// Starts reading what the server sent (and everything it sends from now on).
    package func resumeReading() {
        let gate = state.withLock { state in
            state.isReading = true
            defer { state.readGate = nil }
            return state.readGate
        }
        gate?.resume()
    }

    private func waitUntilReading() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if state.isReading { return true }
                state.readGate = continuation
                return false
            }
            if open { continuation.resume() }
        }
    }

    private var isClosed: Bool {
        state.withLock { state in state.frames.contains { if case .close = $0 { true } else { false } } }
    }

    /// Moves the complete frames out of `parser`; answers a ping with a pong and a close with a close.
    private func deliver(_ parser: inout FrameParser) throws {
        while let (opcode, _, payload) = try parser.next() {
            switch opcode {
            case 0x1: state.withLock { $0.frames.append(.text(String(decoding: payload, as: UTF8.self))) }
            case 0x8:
                let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
                state.withLock { $0.frames.append(.close(code: code)) }
                outgoing.yield(FrameBytes.frame(opcode: 0x8, payload: Array(payload.prefix(2))))
                return
            case 0x9:
                state.withLock { $0.pingsReceived += 1 }
                if answersPings { outgoing.yield(FrameBytes.frame(opcode: 0xA, payload: payload)) }
            case 0xA: state.withLock { $0.pongsReceived += 1 }
            default: break
            }
        }
    }

    private func finish() {
        state.withLock { $0.isFinished = true }
        outgoing.finish()
    }

    /// The frames read so far.
    package var frames: [Frame] { state.withLock { $0.frames } }

    /// How many pings the server sent that were read so far.
    package var pingsReceived: Int { state.withLock { $0.pingsReceived } }

    /// How many pongs the server sent that were read so far.
    package var pongsReceived: Int { state.withLock { $0.pongsReceived } }

    /// Whether the connection has ended (read to its end, or broken).
    package var isFinished: Bool { state.withLock { $0.isFinished } }

    /// How many bytes of frames were read from the socket so far.
    package var bytesRead: Int { state.withLock { $0.bytesRead } }

    /// Waits until `predicate` holds for the frames read (reading must be on), or the socket ended.
    package func waitFor(timeout: Duration = .seconds(10), _ predicate: ([Frame]) -> Bool) async throws -> [Frame] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (frames, finished) = state.withLock { ($0.frames, $0.isFinished) }
            if predicate(frames) { return frames }
            if finished { throw Failure(description: "socket ended before the frames expected; read \(frames.count)") }
            guard ContinuousClock.now < deadline else { throw Failure(description: "frames expected did not come; read \(frames.count)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Closes the TCP connection.
    package func close() async {
        outgoing.finish()
        guard let run = run.withLock({ $0 }) else { return }
        run.cancel()
        _ = await run.result
    }
}
