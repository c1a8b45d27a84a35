import Foundation

/// What a client's text is refused for before `JSONDecoder` sees it, in one pass over its bytes.
///
/// - A NUL byte: `JSONDecoder` takes text with NUL bytes for UTF-16 or UTF-32 and reads it as such. In
///   UTF-8 JSON a NUL byte is never valid (inside a string it must be escaped).
/// - Nesting deeper than ``maximumDepth``: client messages are flat, and `JSONDecoder` traps, rather
///   than throwing, on some text nested past its own limit of 512 levels (513 unclosed `[`), which
///   would take the whole server down.
enum JSONPrecheck {
    /// How deeply arrays and objects may nest, the message's own object included.
    static let maximumDepth = 64

    /// Why `text` is refused before decoding, or nil. Brackets inside strings do not count.
    static func refusal(of text: Data) -> WireDecodingError? {
        text.withUnsafeBytes { bytes in
            var depth = 0
            var inString = false
            var escaped = false
            for byte in bytes {
                if byte == 0 { return .invalidJSON }
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > maximumDepth { return .tooDeep }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                default:
                    break
                }
            }
            return nil
        }
    }
}
