import Foundation

/// A value read from one JSON text with `JSONDecoder`: the server's messages (read by tests, tools and
/// bots) and the HTTP bodies. Conforming types get ``decode(_:)`` for free.
public protocol WireDecodable: Decodable, Sendable {}

extension WireDecodable {
    /// Reads a value from JSON text. Fields shown as `null` in PROTOCOL.md must be present (as `null`
    /// or a value), so a missing one is reported rather than read as `nil`.
    /// - Parameter text: the JSON text.
    /// - Returns: the value, or why it could not be read.
    public static func decode(_ text: String) -> Result<Self, WireDecodingError> {
        do {
            return .success(try JSONDecoder().decode(Self.self, from: Data(text.utf8)))
        } catch {
            return .failure(.undecodable(error))
        }
    }
}
