/// Marks an optional property that PROTOCOL.md shows as `null`: the synthesized `Codable` then writes
/// `null` for `nil` instead of leaving the key out, and reading requires the key (`null` or a value).
///
/// ```swift
/// @ExplicitNull public var turn: WireSeat?
/// ```
@propertyWrapper
public struct ExplicitNull<Value> {
    /// The optional value.
    public var wrappedValue: Value?

    /// Wraps an optional value.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }
}

extension ExplicitNull: Sendable where Value: Sendable {}
extension ExplicitNull: Equatable where Value: Equatable {}
extension ExplicitNull: Hashable where Value: Hashable {}

extension ExplicitNull: Encodable where Value: Encodable {
    /// Writes the value, or `null` for `nil`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension ExplicitNull: Decodable where Value: Decodable {
    /// Reads the value, or `nil` for `null`. A missing key fails before this is called.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}
