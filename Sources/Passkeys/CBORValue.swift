/// A CBOR data item (RFC 8949) of the kinds WebAuthn uses: the attestation object, the COSE key and the
/// extension outputs in authenticator data.
public indirect enum CBORValue: Equatable, Sendable {
    case unsigned(UInt64)
    /// The integer `-1 - n`, kept as `n` so that every CBOR negative integer fits.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    /// A map's entries in the order they were written (CTAP2 writes them in canonical order).
    case map([CBORMapEntry])
    case tagged(tag: UInt64, CBORValue)
    case bool(Bool)
    case null
    case undefined
    /// A simple value other than false, true, null and undefined.
    case simple(UInt8)
}

/// One key and value of a CBOR map.
public struct CBORMapEntry: Equatable, Sendable {
    public let key: CBORValue
    public let value: CBORValue

    public init(key: CBORValue, value: CBORValue) {
        self.key = key
        self.value = value
    }
}

extension CBORValue {
    /// The value as a Swift integer, when it is a CBOR integer that fits one.
    public var integer: Int? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): n < UInt64(Int.max) ? -1 - Int(n) : nil
        default: nil
        }
    }

    /// The map's value under `key`, or nil when this is not a map or has no such key.
    public subscript(key: CBORValue) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The map's value under the integer `key` (COSE's labels are integers).
    public subscript(label key: Int) -> CBORValue? {
        self[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    /// The map's value under the text `key` (the attestation object's are text).
    public subscript(text key: String) -> CBORValue? {
        self[.text(key)]
    }
}
