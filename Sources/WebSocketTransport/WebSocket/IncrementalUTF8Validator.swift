/// Checks UTF-8 a piece at a time, so that a text message split into fragments, even inside a
/// character, is refused at the first fragment that cannot begin valid UTF-8 (RFC 6455 8.1: a server
/// fails the connection as soon as it finds invalid text, without waiting for the rest of the message).
///
/// The byte ranges are those of RFC 3629's table (section 4): they refuse overlong forms, surrogates
/// and code points past U+10FFFF at the byte where they become certain.
struct IncrementalUTF8Validator {
    /// Continuation bytes still expected for the character being read.
    private var pending = 0
    /// The range the next continuation byte must fall in; narrower than 0x80...0xBF right after the
    /// lead bytes E0, ED, F0 and F4.
    private var next: ClosedRange<UInt8> = 0x80...0xBF

    /// True while every byte so far may begin valid UTF-8; false from the first one that cannot.
    private(set) var isValid = true

    /// True when the bytes so far are valid and end on a character boundary.
    var isComplete: Bool { isValid && pending == 0 }

    /// Reads `bytes` after those read before; answers `isValid`.
    mutating func append(_ bytes: some Sequence<UInt8>) -> Bool {
        guard isValid else { return false }
        for byte in bytes {
            if pending > 0 {
                guard next.contains(byte) else {
                    isValid = false
                    return false
                }
                pending -= 1
                next = 0x80...0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: expect(1, 0x80...0xBF)
            case 0xE0: expect(2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: expect(2, 0x80...0xBF)
            case 0xED: expect(2, 0x80...0x9F)
            case 0xF0: expect(3, 0x90...0xBF)
            case 0xF1...0xF3: expect(3, 0x80...0xBF)
            case 0xF4: expect(3, 0x80...0x8F)
            default:
                isValid = false
                return false
            }
        }
        return true
    }

    private mutating func expect(_ continuations: Int, _ first: ClosedRange<UInt8>) {
        pending = continuations
        next = first
    }
}
