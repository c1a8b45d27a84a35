import Crypto
import Foundation

/// Random identifiers and seat tokens, and the hash under which a token is stored.
enum Secrets {
    /// A match id: 12 characters of base64url from 72 random bits, so it cannot be guessed.
    static func newMatchID() -> String {
        base64URL(randomBytes(count: 9))
    }

    /// A seat token: 256 random bits, base64url. Only its hash is ever stored.
    static func newSeatToken() -> String {
        base64URL(randomBytes(count: 32))
    }

    /// SHA-256 of a token: what the log keeps, and what `resume` compares.
    static func tokenHash(_ token: String) -> Data {
        Data(SHA256.hash(data: Data(token.utf8)))
    }

    /// Compares two hashes in time independent of where they differ.
    static func constantTimeEquals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }

    /// Whether `id` has the shape of a match id (PROTOCOL.md: 10 or more of `[A-Za-z0-9_-]`).
    static func isWellFormedMatchID(_ id: Substring) -> Bool {
        id.count >= 10 && id.count <= 64 && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }

    /// A requested match id as a log may show it: verbatim when well formed, else cut short and
    /// escaped (a client's control characters must not forge log lines).
    static func loggableMatchID(_ requested: Substring) -> String {
        isWellFormedMatchID(requested) ? String(requested) : String(requested.prefix(64)).debugDescription
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
