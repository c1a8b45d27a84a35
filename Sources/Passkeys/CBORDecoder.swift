/// Why bytes are not the CBOR WebAuthn writes.
public enum CBORError: Error, Equatable, Sendable {
    /// The bytes end inside an item.
    case truncated
    /// Bytes follow the item where nothing should.
    case trailingBytes
    /// An indefinite length, a reserved additional value or a float: CTAP2's canonical CBOR has none.
    case unsupported(majorType: UInt8, additional: UInt8)
    /// Items nested deeper than `CBORDecoder.maximumDepth`.
    case tooDeep
    /// A text string that is not UTF-8.
    case invalidText
    /// A map that has the same key twice.
    case duplicateKey
}

/// A decoder of the definite-length CBOR (RFC 8949) that authenticators write (CTAP2 §8 "canonical
/// CBOR"): integers, byte and text strings, arrays, maps, tags and simple values. Lengths are checked
/// against the bytes left before anything is allocated, and nesting is bounded, so that a hostile
/// attestation object costs no more than its size.
public struct CBORDecoder {
    /// Deeper than any WebAuthn structure (a COSE key inside an attestation object is 3 levels).
    public static let maximumDepth = 16

    private let bytes: [UInt8]
    private var offset: Int

    private init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    /// The one item `bytes` holds; anything after it is an error.
    public static func decode(_ bytes: [UInt8]) throws(CBORError) -> CBORValue {
        let (value, end) = try decodePrefix(bytes, from: 0)
        guard end == bytes.count else { throw .trailingBytes }
        return value
    }

    /// The item that starts at `start` in `bytes`, and where it ends: for authenticator data, where a
    /// COSE key is followed by more bytes.
    public static func decodePrefix(_ bytes: [UInt8], from start: Int) throws(CBORError) -> (value: CBORValue, end: Int) {
        guard start >= 0, start <= bytes.count else { throw .truncated }
        var decoder = CBORDecoder(bytes: bytes, offset: start)
        let value = try decoder.item(depth: 0)
        return (value, decoder.offset)
    }

    private mutating func item(depth: Int) throws(CBORError) -> CBORValue {
        guard depth < Self.maximumDepth else { throw .tooDeep }
        let initial = try take(1)[0]
        let major = initial >> 5
        let additional = initial & 0x1F
        if major == 7 { return try simple(additional) }
        let argument = try self.argument(major: major, additional: additional)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try take(argument))
        case 3:
            guard let text = String(validating: try take(argument), as: UTF8.self) else { throw .invalidText }
            return .text(text)
        case 4:
            // Every item is at least one byte: a count beyond the bytes left is a lie, not an allocation.
            guard argument <= UInt64(bytes.count - offset) else { throw .truncated }
            var items: [CBORValue] = []
            for _ in 0..<argument { items.append(try item(depth: depth + 1)) }
            return .array(items)
        case 5:
            guard argument <= UInt64(bytes.count - offset) / 2 else { throw .truncated }
            var entries: [CBORMapEntry] = []
            for _ in 0..<argument {
                let key = try item(depth: depth + 1)
                guard !entries.contains(where: { $0.key == key }) else { throw .duplicateKey }
                entries.append(CBORMapEntry(key: key, value: try item(depth: depth + 1)))
            }
            return .map(entries)
        default:  // 6
            return .tagged(tag: argument, try item(depth: depth + 1))
        }
    }

    /// The integer an initial byte's additional information gives: itself below 24, else the 1, 2, 4 or
    /// 8 bytes that follow, big-endian.
    private mutating func argument(major: UInt8, additional: UInt8) throws(CBORError) -> UInt64 {
        switch additional {
        case 0..<24: return UInt64(additional)
        case 24...27:
            let width = 1 << Int(additional - 24)
            return try take(UInt64(width)).reduce(0) { $0 << 8 | UInt64($1) }
        default: throw .unsupported(majorType: major, additional: additional)
        }
    }

    private mutating func simple(_ additional: UInt8) throws(CBORError) -> CBORValue {
        switch additional {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 0..<20: return .simple(additional)
        case 24:
            let value = try take(1)[0]
            // RFC 8949 §3.3: values below 32 in the extra byte are not well-formed.
            guard value >= 32 else { throw .unsupported(majorType: 7, additional: additional) }
            return .simple(value)
        default: throw .unsupported(majorType: 7, additional: additional)
        }
    }

    private mutating func take(_ count: UInt64) throws(CBORError) -> [UInt8] {
        guard count <= UInt64(bytes.count - offset) else { throw .truncated }
        let end = offset + Int(count)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
