import Foundation

/// A value that travels as one JSON text: the server's messages and the HTTP bodies. Conforming types
/// get ``encoded()`` and ``decode(_:)`` for free.
public protocol WireCodable: Codable, Sendable {}

extension WireCodable {
    /// The value as compact JSON text, slashes unescaped, keys sorted so that equal values give equal
    /// text (Foundation's encoder otherwise orders keys differently from one call to the next).
    ///
    /// Uses a fresh `JSONEncoder` per call, so it is safe from any thread or task.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Cannot fail: no wire type holds a floating-point number or encodes nothing.
        let data = try! encoder.encode(self)
        return String(decoding: data, as: UTF8.self)
    }

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
