// A parsed JSON text, as the strict parser reads what clients send. Internal: the public surface is the
// typed messages; this exists so that the decoder can tell `true` from `1` and `1.5` from `1`, which
// Foundation's decoders do not promise on every platform.

/// One JSON value. Objects keep the last value of a repeated key, as JavaScript's `JSON.parse` does.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short name of the value's kind, for error sentences ("a string", "null").
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let number): number.integerValue == nil ? "a fractional number" : "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number kept exactly, as sign, decimal digits and a power of ten, so that any integer (even one
/// past `Int`) can be recognised and no fraction is rounded into one.
struct JSONNumber: Hashable, Sendable {
    /// Whether the value is below zero. Zero is never negative.
    let isNegative: Bool
    /// The decimal digits (each 0...9) without leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    let exponent: Int

    /// A number from its parts; normalises them so that equal values compare equal (`1`, `1.0`, `10e-1`).
    init(isNegative: Bool, digits: some Collection<UInt8>, exponent: Int) {
        let significant = digits.drop(while: { $0 == 0 })
        let trailingZeros = significant.reversed().prefix { $0 == 0 }.count
        self.digits = Array(significant.dropLast(trailingZeros))
        self.exponent = self.digits.isEmpty ? 0 : exponent + trailingZeros
        self.isNegative = isNegative && !self.digits.isEmpty
    }

    /// The value as an `Int` when it is a whole number, clamped to `Int.min...Int.max` when it is too
    /// large; nil when it has a fractional part.
    var integerValue: Int? {
        if digits.isEmpty { return 0 }
        if exponent < 0 { return nil }
        let clamped = isNegative ? Int.min : Int.max
        // Int.max has 19 digits: anything longer cannot fit.
        if digits.count + exponent > 19 { return clamped }
        var value = 0
        for digit in digits + repeatElement(0, count: exponent) {
            let (shifted, shiftOverflow) = value.multipliedReportingOverflow(by: 10)
            let (next, addOverflow) = isNegative
                ? shifted.subtractingReportingOverflow(Int(digit))
                : shifted.addingReportingOverflow(Int(digit))
            if shiftOverflow || addOverflow { return clamped }
            value = next
        }
        return value
    }
}
