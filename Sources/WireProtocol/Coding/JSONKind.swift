/// What kind of JSON value a field holds, named for the sentences of a `badMessage` ("The field
/// \"row\" … must be an integer, not a boolean.").
enum JSONKind: Decodable, CustomStringConvertible {
    case null, boolean, number, fractionalNumber, unreadableNumber, string, array, object

    /// Tries each kind in turn; only the one the value is succeeds.
    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if (try? value.decode(Bool.self)) != nil {
            self = .boolean
        } else if (try? value.decode(String.self)) != nil {
            self = .string
        } else if (try? decoder.unkeyedContainer()) != nil {
            self = .array
        } else if (try? decoder.container(keyedBy: DynamicCodingKey.self)) != nil {
            self = .object
        } else {
            do {
                _ = try value.decode(ClampedInteger.self)
                self = .number
            } catch ClampedInteger.Refusal.fraction {
                self = .fractionalNumber
            } catch {
                self = .unreadableNumber
            }
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .boolean: "a boolean"
        case .number: "a number"
        case .fractionalNumber: "a fractional number"
        case .unreadableNumber: "a malformed or too large number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
