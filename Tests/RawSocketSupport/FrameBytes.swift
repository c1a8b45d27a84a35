/// WebSocket frames as bytes (RFC 6455 5.2), built and read by hand, so that a test can send what a
/// WebSocket library would refuse to: unmasked frames, reserved bits and opcodes, broken fragments.
package enum FrameBytes {
    /// A frame's bytes: masked with a random key unless `masked` is false; `rsv` is the three reserved
    /// bits (0...7, RSV1 the highest).
    package static func frame(opcode: UInt8, fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | (rsv & 0x7) << 4 | (opcode & 0xF)]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126: frame.append(maskBit | UInt8(payload.count))
        case ..<65536: frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return frame + payload }
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: .min ... .max) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// A close frame's payload: the status code, then the reason.
    package static func closePayload(code: UInt16, reason: [UInt8] = []) -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)] + reason
    }
}

/// Reads server frames (unmasked) out of received bytes.
package struct FrameParser {
    package var bytes: [UInt8]

    /// The next complete frame's opcode, FIN bit and payload, or nil when more bytes are needed.
    package mutating func next() throws -> (opcode: UInt8, fin: Bool, payload: [UInt8])? {
        guard bytes.count >= 2 else { return nil }
        let opcode = bytes[0] & 0x0F
        let fin = bytes[0] & 0x80 != 0
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard bytes[1] & 0x80 == 0 else { throw RawWebSocket.Failure(description: "a server frame was masked") }
        guard bytes.count >= offset + length else { return nil }
        let payload = Array(bytes[offset..<offset + length])
        bytes.removeFirst(offset + length)
        return (opcode, fin, payload)
    }
}
