import Passkeys

/// The test's CBOR writer (definite lengths, shortest arguments): what an authenticator writes, so
/// that the decoder is tested against bytes it did not make itself.
package enum CBOREncoder {
    package static func encode(_ value: CBORValue) -> [UInt8] {
        switch value {
        case .unsigned(let n): head(0, n)
        case .negative(let n): head(1, n)
        case .bytes(let bytes): head(2, UInt64(bytes.count)) + bytes
        case .text(let text): head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .array(let items): head(4, UInt64(items.count)) + items.flatMap(encode)
        case .map(let entries): head(5, UInt64(entries.count)) + entries.flatMap { encode($0.key) + encode($0.value) }
        case .tagged(let tag, let item): head(6, tag) + encode(item)
        case .bool(let flag): [flag ? 0xF5 : 0xF4]
        case .null: [0xF6]
        case .undefined: [0xF7]
        case .simple(let n): n < 24 ? [0xE0 | n] : [0xF8, n]
        }
    }

    /// An initial byte of `major` type and its argument in the fewest bytes.
    package static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24...0xFF: return [type | 24, UInt8(argument)]
        case 0x100...0xFFFF: return [type | 25] + bigEndian(argument, width: 2)
        case 0x1_0000...0xFFFF_FFFF: return [type | 26] + bigEndian(argument, width: 4)
        default: return [type | 27] + bigEndian(argument, width: 8)
        }
    }

    package static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A map keyed by COSE's integer labels.
    package static func coseMap(_ entries: [(Int, CBORValue)]) -> CBORValue {
        .map(entries.map { CBORMapEntry(key: integer($0.0), value: $0.1) })
    }

    package static func integer(_ n: Int) -> CBORValue {
        n >= 0 ? .unsigned(UInt64(n)) : .negative(UInt64(-1 - n))
    }
}
