/// A JSON value, for the parts of a message whose shape belongs to a game (a board, a move of the
/// games API): the game writes them, every other layer carries them as they are.
public enum WireValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([WireValue])
    /// An object, written with its keys in sorted order.
    case object([String: WireValue])

    /// A seat, or `null`.
    public static func seat(_ seat: WireSeat?) -> WireValue { seat.map { .string($0.rawValue) } ?? .null }

    /// The integer this value is, nil for any other value.
    public var integer: Int? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The seat this value names, nil for `null` or any other value.
    public var seat: WireSeat? {
        if case .string(let name) = self { WireSeat(rawValue: name) } else { nil }
    }

    /// The fields of this object, nil for any other value.
    public var object: [String: WireValue]? {
        if case .object(let fields) = self { fields } else { nil }
    }

    /// The elements of this array, nil for any other value.
    public var array: [WireValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }
}

extension WireValue: Codable {
    /// Reads any JSON value; a number without a fraction that fits an `Int` is an `integer`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([WireValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: WireValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
