import Crypto

/// A credential's public key read from its COSE form (RFC 9053; WebAuthn §6.5.1.1), able to check the
/// signatures of its algorithm.
///
/// Not `Sendable`: swift-crypto's key types are not on Linux. Read a key where it is used; what crosses
/// isolation is its COSE bytes.
public enum PasskeyPublicKey {
    case es256(P256.Signing.PublicKey)
    case ed25519(Curve25519.Signing.PublicKey)

    // COSE labels and values (RFC 9052 §7, RFC 9053 §7).
    private enum Label {
        static let keyType = 1
        static let algorithm = 3
        static let curve = -1
        static let x = -2
        static let y = -3
    }
    private enum KeyType {
        static let okp = 1
        static let ec2 = 2
    }
    private enum Curve {
        static let p256 = 1
        static let ed25519 = 6
    }

    /// The key the COSE bytes hold, for an algorithm among `allowed`.
    /// - Throws: `unsupportedAlgorithm` for a key of another algorithm, `malformedPublicKey` for a key
    ///   whose type, curve or coordinates do not fit its algorithm, `malformedCBOR` for bytes that are not CBOR.
    public init(cose bytes: [UInt8], allowed: [COSEAlgorithm] = COSEAlgorithm.allCases) throws(PasskeyFailure) {
        let key = try CBORCoding.decode(bytes)
        guard case .map = key, let algorithmNumber = key[label: Label.algorithm]?.integer else { throw .malformedPublicKey }
        guard let algorithm = COSEAlgorithm(rawValue: algorithmNumber), allowed.contains(algorithm) else {
            throw .unsupportedAlgorithm(algorithmNumber)
        }
        let keyType = key[label: Label.keyType]?.integer
        let curve = key[label: Label.curve]?.integer
        switch algorithm {
        case .es256:
            guard keyType == KeyType.ec2, curve == Curve.p256, case .bytes(let x)? = key[label: Label.x],
                case .bytes(let y)? = key[label: Label.y], x.count == 32, y.count == 32,
                let publicKey = try? P256.Signing.PublicKey(rawRepresentation: x + y)
            else { throw .malformedPublicKey }
            self = .es256(publicKey)
        case .edDSA:
            guard keyType == KeyType.okp, curve == Curve.ed25519, case .bytes(let x)? = key[label: Label.x], x.count == 32,
                let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: x)
            else { throw .malformedPublicKey }
            self = .ed25519(publicKey)
        }
    }

    public var algorithm: COSEAlgorithm {
        switch self {
        case .es256: .es256
        case .ed25519: .edDSA
        }
    }

    /// Whether `signature` (DER-encoded for ES256, as WebAuthn §6.5.5 has it; 64 raw bytes for Ed25519)
    /// is this key's over `data`.
    public func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch self {
        case .es256(let key):
            guard let ecdsa = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(ecdsa, for: data)
        case .ed25519(let key):
            return key.isValidSignature(signature, for: data)
        }
    }
}
