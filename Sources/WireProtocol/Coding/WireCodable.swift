import Foundation

/// A value that travels as one JSON text written by `JSONEncoder`: the HTTP bodies. Conforming types
/// get ``encoded()`` and ``WireDecodable/decode(_:)`` for free. The server's messages are not
/// `WireCodable`: ``ServerMessage/jsonText()`` is their only writer.
public protocol WireCodable: WireDecodable, Encodable {}

extension WireCodable {
    /// The value as compact JSON text, slashes unescaped, keys sorted so that equal values give equal
    /// text (Foundation's encoder otherwise orders keys differently from one call to the next).
    ///
    /// Uses a fresh `JSONEncoder` per call, so it is safe from any thread or task.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Cannot fail: no wire type holds a number that is not finite, or encodes nothing.
        let data = try! encoder.encode(self)
        return String(decoding: data, as: UTF8.self)
    }
}
