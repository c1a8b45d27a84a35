import Crypto
import Foundation
import MatchStore
import MatchWords

/// Random match ids and seat tokens, and the hash under which a token is stored.
package enum Secrets {
    /// A match id: 12 characters of base64url from 72 random bits, so it cannot be guessed.
    package static func newMatchID() -> MatchID {
        MatchID(rawValue: base64URL(randomBytes(count: 9)))
    }

    /// A seat token: 256 random bits, base64url. Only its hash is ever stored.
    package static func newSeatToken() -> String {
        base64URL(randomBytes(count: 32))
    }

    /// SHA-256 of a token: what the log keeps, and what `resume` compares.
    package static func tokenHash(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }

    /// Compares two hashes in time independent of where they differ.
    package static func constantTimeEquals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }

    private static func randomBytes(count: Int) -> [UInt8] {
        // SystemRandomNumberGenerator reads the kernel's CSPRNG (getrandom) on Linux.
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
