/// The COSE algorithm identifiers (IANA "COSE Algorithms") this relying party verifies, in its order
/// of preference: `allCases` is what the creation options offer (ES256 first, as WebAuthn advises).
public enum COSEAlgorithm: Int, CaseIterable, Sendable {
    /// ECDSA with SHA-256 on P-256: what nearly every passkey uses.
    case es256 = -7
    /// EdDSA, here Ed25519 only (COSE's "OKP" key with curve 6).
    case edDSA = -8
}
