/// The authenticator data of WebAuthn §6.1: what the authenticator signs about itself and the ceremony.
public struct AuthenticatorData: Equatable, Sendable {
    /// The bits of the flags byte (§6.1).
    public struct Flags: OptionSet, Equatable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let userPresent = Flags(rawValue: 0x01)
        public static let userVerified = Flags(rawValue: 0x04)
        public static let backupEligible = Flags(rawValue: 0x08)
        public static let backupState = Flags(rawValue: 0x10)
        public static let attestedCredentialData = Flags(rawValue: 0x40)
        public static let extensionData = Flags(rawValue: 0x80)
    }

    /// The credential a registration creates (§6.5.1).
    public struct AttestedCredential: Equatable, Sendable {
        public let aaguid: [UInt8]
        public let credentialID: [UInt8]
        /// The COSE key exactly as the authenticator wrote it: what a store keeps.
        public let publicKeyCOSE: [UInt8]
    }

    public let rpIDHash: [UInt8]
    public let flags: Flags
    public let signCount: UInt32
    public let attestedCredential: AttestedCredential?
    public let extensions: CBORValue?

    /// The longest credential id §5.8.3 allows.
    public static let maximumCredentialIDLength = 1023

    /// Reads `bytes`: 32 bytes of RP ID hash, the flags, a big-endian counter, then the attested
    /// credential data and the extensions when the flags say they are there, and nothing after.
    public init(_ bytes: [UInt8]) throws(PasskeyFailure) {
        var reader = ByteReader(bytes)
        rpIDHash = try reader.take(32)
        flags = Flags(rawValue: try reader.take(1)[0])
        signCount = try reader.take(4).reduce(0) { $0 << 8 | UInt32($1) }
        if flags.contains(.attestedCredentialData) {
            let aaguid = try reader.take(16)
            let length = try reader.take(2).reduce(0) { $0 << 8 | Int($1) }
            guard length <= Self.maximumCredentialIDLength else { throw .credentialIDTooLong }
            let credentialID = try reader.take(length)
            let key = try reader.takeCBORItem()
            attestedCredential = AttestedCredential(aaguid: aaguid, credentialID: credentialID, publicKeyCOSE: key)
        } else {
            attestedCredential = nil
        }
        if flags.contains(.extensionData) {
            extensions = try CBORCoding.decode(reader.takeCBORItem())
        } else {
            extensions = nil
        }
        guard reader.isAtEnd else { throw .malformedAuthenticatorData }
    }
}

/// A cursor over authenticator data whose every shortfall is `malformedAuthenticatorData`.
private struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int) throws(PasskeyFailure) -> [UInt8] {
        guard count <= bytes.count - offset else { throw .malformedAuthenticatorData }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// The bytes of the one CBOR item that starts here.
    mutating func takeCBORItem() throws(PasskeyFailure) -> [UInt8] {
        let end = try CBORCoding.endOfItem(in: bytes, from: offset)
        return try take(end - offset)
    }
}
