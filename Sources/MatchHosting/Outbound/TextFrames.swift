import NIOCore

/// Complete WebSocket text frames, header and payload, as a server sends them (RFC 6455 5.2: final,
/// unmasked), one after another in one buffer.
///
/// A change of a match goes to every connection of the match with the same bytes. Framed once by the
/// host and shared (a `ByteBuffer` is copy-on-write), the writer of each connection hands the buffer to
/// its socket as it is: no frame, header or copy per connection, and one write for all the messages of
/// the change (docs/PERFORMANCE.md, measurement 15).
package struct TextFrames: Sendable, Equatable {
    /// The frames, ready for the wire.
    package let bytes: ByteBuffer
    /// How many messages they hold: what the connection's queue counts against its limit.
    package let count: Int

    /// Frames `texts` (JSON messages as encoded), in order, straight into one buffer: no buffer of its
    /// own per message on the way (this runs for every change of every match).
    package init(_ texts: [String]) {
        var bytes = ByteBuffer()
        bytes.reserveCapacity(texts.reduce(0) { $0 + Self.headerSize(of: $1.utf8.count) + $1.utf8.count })
        for text in texts {
            Self.appendHeader(payloadLength: text.utf8.count, to: &bytes)
            bytes.writeString(text)
        }
        self.bytes = bytes
        count = texts.count
    }

    /// Appends the header of one final, unmasked text frame of `length` payload bytes.
    private static func appendHeader(payloadLength length: Int, to bytes: inout ByteBuffer) {
        bytes.writeInteger(UInt8(0x81))  // FIN, opcode 1 (text)
        switch length {
        case ..<126:
            bytes.writeInteger(UInt8(length))
        case ...Int(UInt16.max):
            bytes.writeInteger(UInt8(126))
            bytes.writeInteger(UInt16(length))
        default:
            bytes.writeInteger(UInt8(127))
            bytes.writeInteger(UInt64(length))
        }
    }

    /// The header's size for a payload of `length` bytes: 2, 4 or 10.
    private static func headerSize(of length: Int) -> Int {
        length < 126 ? 2 : length <= Int(UInt16.max) ? 4 : 10
    }

    /// The payloads again, in order: what a client reading the frames gets (tests and logs read the
    /// queue with it); nil if `bytes` are not frames as `init` makes them.
    package var payloads: [ByteBuffer]? { Self.payloads(ofFramed: bytes) }

    /// The payloads of `framed`, server text frames one after another; nil if they are not that.
    static func payloads(ofFramed framed: ByteBuffer) -> [ByteBuffer]? {
        var bytes = framed
        var payloads: [ByteBuffer] = []
        while bytes.readableBytes > 0 {
            guard let first = bytes.readInteger(as: UInt8.self), first == 0x81, let marker = bytes.readInteger(as: UInt8.self) else {
                return nil
            }
            let length: Int?
            switch marker {
            case 126: length = bytes.readInteger(as: UInt16.self).map(Int.init)
            case 127: length = bytes.readInteger(as: UInt64.self).flatMap { Int(exactly: $0) }
            case ..<126: length = Int(marker)
            default: length = nil  // a mask bit: not a server's frame
            }
            guard let length, let payload = bytes.readSlice(length: length) else { return nil }
            payloads.append(payload)
        }
        return payloads
    }
}
