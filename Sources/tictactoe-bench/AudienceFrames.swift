import NIOCore

/// One spectator's view of the match's versions: every broadcast carries `v`, one more than the last
/// (docs/PROTOCOL.md, "Versions and sync"); a `welcome` carries the version its snapshot reflects.
struct VersionTrack {
    private(set) var last: Int?

    mutating func receive(_ v: Int, isWelcome: Bool, counts: inout AudienceCounts) {
        guard let last else {
            if isWelcome { self.last = v } else { counts.beforeWelcome += 1 }
            return
        }
        if isWelcome {
            guard v >= last else {
                counts.outOfOrder += 1
                return
            }
            counts.freshWelcomes += 1
            counts.skippedVersions += v - last
            self.last = v
        } else if v == last + 1 {
            self.last = v
        } else if v <= last {
            counts.outOfOrder += 1
        } else {
            counts.lost += v - last - 1
            counts.gaps += 1
            self.last = v
        }
    }
}

/// Reads a frame's version without parsing it: the server writes `"v":N` once per message, after every
/// nested object that could hold the same characters unescaped (a string's quotes are escaped), so
/// the last `"v":` of the text is the message's.
enum FrameVersion {
    private static let key = Array(#""v":"#.utf8)

    static func of(_ buffer: ByteBuffer) -> Int? {
        buffer.withUnsafeReadableBytes { bytes -> Int? in
            let count = bytes.count
            guard count >= key.count else { return nil }
            var start = count - key.count
            while start >= 0 {
                if bytes[start] == key[0], bytes[start + 1] == key[1], bytes[start + 2] == key[2], bytes[start + 3] == key[3] {
                    var index = start + key.count
                    var value = 0
                    var digits = 0
                    while index < count, digits < 18, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                        value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                        digits += 1
                        index += 1
                    }
                    return digits > 0 ? value : nil
                }
                start -= 1
            }
            return nil
        }
    }

    /// Whether the frame is a `welcome` (the writer starts it with its snapshot).
    static func isWelcome(_ buffer: ByteBuffer) -> Bool { hasPrefix(buffer, #"{"snapshot":"#) }

    /// Whether the frame is a `board` of a game with cells (Tic Tac Toe, Connect Four).
    static func isBoard(_ buffer: ByteBuffer) -> Bool { hasPrefix(buffer, #"{"cells":"#) }

    private static func hasPrefix(_ buffer: ByteBuffer, _ prefix: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return buffer.withUnsafeReadableBytes { bytes in
            bytes.count >= expected.count && UnsafeRawBufferPointer(rebasing: bytes[0..<expected.count]).elementsEqual(expected)
        }
    }
}
