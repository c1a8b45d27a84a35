import NIOCore
import NIOWebSocket

/// RFC 6455's rules for what a client sends, frame by frame, and the joining of fragments into messages.
///
/// NIO's frame decoder, before this, refuses a frame over the size limit (1009) and a control frame
/// that is fragmented or longer than 125 bytes (1002, section 5.5). Everything else the RFC asks a
/// server to check is checked here, and a frame that breaks a rule is a `Violation` carrying the close
/// code the RFC names. A message in fragments is copied into one buffer as it comes, so it costs at
/// most `maxMessageSize` bytes however many fragments it has; its text is checked fragment by fragment.
struct InboundFrames {
    /// What a frame that keeps the rules means for the session.
    enum Event: Equatable {
        /// A whole text message, valid UTF-8.
        case text(String)
        /// The first frame of a binary message (the session refuses binary messages).
        case binary
        case ping(ByteBuffer)
        case pong(ByteBuffer)
        /// A valid close frame, with its status code if it had one (section 7.4).
        case close(code: UInt16?)
    }

    /// A frame that fails the connection (section 7.1.7), with the close code to send.
    struct Violation: Error, Equatable {
        let code: UInt16
        /// Sent as the close frame's reason.
        let reason: String
        /// What the log line says happened.
        let log: String
    }

    /// A fragmented text message being read.
    private struct Partial {
        var bytes: ByteBuffer
        var text = IncrementalUTF8Validator()
        var fragments = 1
    }

    private let maxMessageSize: Int
    private let maxFragments: Int
    private var partial: Partial?

    /// - Parameters:
    ///   - maxMessageSize: the most bytes a message may hold, all its fragments together.
    ///   - maxFragments: the most frames a message may come in; a bound on the work of a message whose
    ///     fragments carry nothing (an empty fragment costs no memory but still costs a frame's work).
    init(maxMessageSize: Int, maxFragments: Int) {
        self.maxMessageSize = maxMessageSize
        self.maxFragments = maxFragments
    }

    /// Checks `frame`; answers what it means, or nil for a fragment that does not end its message.
    mutating func read(_ frame: WebSocketFrame) throws(Violation) -> Event? {
        // 5.1: every frame a client sends is masked.
        guard frame.maskKey != nil else { throw Violation(code: 1002, reason: "Client frames must be masked.", log: "unmasked frame") }
        // 5.2: no extension was negotiated, so no reserved bit may be set.
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            throw Violation(code: 1002, reason: "Reserved bits set.", log: "frame with a reserved bit set")
        }
        switch frame.opcode {
        case .text, .binary: return try start(frame)
        case .continuation: return try `continue`(frame)
        case .ping: return .ping(frame.unmaskedData)
        case .pong: return .pong(frame.unmaskedData)
        case .connectionClose: return try Self.close(frame.unmaskedData)
        default:
            // 5.2: opcodes 3-7 and B-F are reserved.
            throw Violation(code: 1002, reason: "Reserved opcode.", log: "frame with reserved opcode \(frame.opcode)")
        }
    }

    /// A text or binary frame: a message begins (5.4: only when none is in progress).
    private mutating func start(_ frame: WebSocketFrame) throws(Violation) -> Event? {
        guard partial == nil else {
            throw Violation(
                code: 1002, reason: "A new message began inside a fragmented one.", log: "data frame inside a fragmented message")
        }
        guard frame.opcode == .text else { return .binary }
        let payload = frame.unmaskedData
        if frame.fin {
            guard let text = String(validating: payload.readableBytesView, as: UTF8.self) else { throw Self.invalidText }
            return .text(text)
        }
        var message = Partial(bytes: payload)
        guard message.text.append(payload.readableBytesView) else { throw Self.invalidText }
        partial = message
        return nil
    }

    /// A continuation frame: the next piece of the message in progress (5.4).
    private mutating func `continue`(_ frame: WebSocketFrame) throws(Violation) -> Event? {
        guard var message = partial else {
            throw Violation(code: 1002, reason: "A continuation frame without a message.", log: "continuation without a message")
        }
        // The message is taken out while it is changed, so that its buffer is not copied on write.
        partial = nil
        message.fragments += 1
        guard message.fragments <= maxFragments else {
            throw Violation(
                code: 1009, reason: "Message in too many fragments.", log: "message in more than \(maxFragments) fragments")
        }
        var payload = frame.unmaskedData
        guard message.bytes.readableBytes + payload.readableBytes <= maxMessageSize else {
            throw Violation(code: 1009, reason: "Message too big.", log: "message over the size limit in fragments")
        }
        guard message.text.append(payload.readableBytesView) else { throw Self.invalidText }
        message.bytes.writeBuffer(&payload)
        guard frame.fin else {
            partial = message
            return nil
        }
        guard message.text.isComplete else { throw Self.invalidText }
        return .text(String(decoding: message.bytes.readableBytesView, as: UTF8.self))
    }

    /// A close frame's payload: empty, or a status code that may be sent followed by a UTF-8 reason (5.5.1, 7.4).
    private static func close(_ payload: ByteBuffer) throws(Violation) -> Event {
        var payload = payload
        guard payload.readableBytes > 0 else { return .close(code: nil) }
        guard let code = payload.readInteger(as: UInt16.self) else {
            throw Violation(code: 1002, reason: "A close payload of one byte.", log: "close payload of one byte")
        }
        guard isSendable(code) else { throw Violation(code: 1002, reason: "Invalid close code.", log: "close code \(code)") }
        guard String(validating: payload.readableBytesView, as: UTF8.self) != nil else {
            throw Violation(code: 1007, reason: "Close reason must be UTF-8.", log: "close reason that is not UTF-8")
        }
        return .close(code: code)
    }

    /// Status codes an endpoint may put in a close frame (RFC 6455 7.4.1 and 7.4.2, and the IANA
    /// registry's 1012-1014): the others, 1004-1006, 1015, the rest of 0-2999 and 5000 on, may not be sent.
    static func isSendable(_ code: UInt16) -> Bool {
        (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
    }

    private static let invalidText = Violation(code: 1007, reason: "Text frames must be UTF-8.", log: "text that is not UTF-8")
}
