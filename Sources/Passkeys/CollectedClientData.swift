import Crypto
import Foundation

/// The client data of WebAuthn §5.8.1 as the browser serialised it in `clientDataJSON`.
struct CollectedClientData: Decodable {
    let type: String
    let challenge: String
    let origin: String
    let crossOrigin: Bool?

    /// The client data the base64url `field` holds, and SHA-256 of its bytes (what the authenticator signed).
    static func read(base64URL text: String, field: String) throws(PasskeyFailure) -> (data: CollectedClientData, hash: [UInt8]) {
        guard let bytes = Base64URL.decode(text) else { throw .malformedBase64URL(field: field) }
        guard let data = try? JSONDecoder().decode(CollectedClientData.self, from: Data(bytes)) else { throw .malformedClientData }
        return (data, Array(SHA256.hash(data: bytes)))
    }

    /// §7.1 steps 7 to 10 and §7.2 steps 11 to 14: the ceremony's type, the challenge, an allowed
    /// origin, no cross-origin frame.
    func check(type expectedType: String, challenge expected: [UInt8], relyingParty: RelyingParty) throws(PasskeyFailure) {
        guard type == expectedType else { throw .wrongCeremonyType(type) }
        guard let received = Base64URL.decode(challenge), received == expected else { throw .challengeMismatch }
        guard relyingParty.origins.contains(origin) else { throw .originNotAllowed(origin) }
        guard crossOrigin != true else { throw .crossOrigin }
    }
}

/// What the server reads of `clientDataJSON` before verification: the challenge it claims to answer,
/// which is how the server finds the challenge it issued (it keeps only their hashes).
public enum ClientDataChallenge {
    /// The challenge bytes in the base64url `clientDataJSON`; `malformedBase64URL` or
    /// `malformedClientData` when it is not client data with a base64url challenge.
    public static func read(clientDataJSON text: String) throws(PasskeyFailure) -> [UInt8] {
        let data = try CollectedClientData.read(base64URL: text, field: "clientDataJSON").data
        guard let challenge = Base64URL.decode(data.challenge) else { throw .malformedBase64URL(field: "challenge") }
        return challenge
    }
}
