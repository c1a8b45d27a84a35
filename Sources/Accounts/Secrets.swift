import Crypto
import Foundation
import Passkeys

/// The random values of accounts (session tokens, challenges) and the one-way form the stores keep
/// of them: a copy of the database then signs nobody in.
public enum AccountSecrets {
    /// 32 bytes from the system's generator: 256 bits, twice what a session token needs.
    public static func randomBytes(count: Int = 32) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// A new session token, base64url text for the cookie.
    public static func newSessionToken() -> String { Base64URL.encode(randomBytes()) }

    /// SHA-256 of `bytes`: how a store keeps a session token or a challenge.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] { Array(SHA256.hash(data: Array(bytes))) }

    /// The stored form of a session token as the cookie carries it.
    public static func hash(token: String) -> [UInt8] { hash(Array(token.utf8)) }
}
