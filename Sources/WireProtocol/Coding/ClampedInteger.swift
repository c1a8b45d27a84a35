import Foundation

/// A JSON number that must be a whole number: one past `Int` is clamped to `Int.min` or `Int.max`, so
/// that a `move` that far off the board is the game's `outOfBounds` rather than a `badMessage` (README,
/// "Extensions to the protocol").
struct ClampedInteger: Decodable {
    /// The number, clamped to `Int.min...Int.max`.
    let value: Int

    /// Why a number was refused.
    enum Refusal: Error {
        /// It has a fractional part.
        case fraction
        /// `JSONDecoder` reads it as no Swift number: its text is malformed (`01`, `1.`), which the
        /// decoder checks only when the number is read, or it lies beyond ±1.8e308. The decoder's error
        /// does not tell the two apart.
        case unreadable
    }

    /// Reads the number through `Decimal`, which keeps 38 significant digits exactly where `Int` and
    /// `Double` would round `1.00000000000000000001` into a whole number; past Decimal's exponents
    /// (about ±127) through `Double`. A value that is no number fails as `JSONDecoder` reports it.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let decimal: Decimal
        do {
            decimal = try container.decode(Decimal.self)
        } catch DecodingError.typeMismatch(let type, let context) {
            throw DecodingError.typeMismatch(type, context)
        } catch DecodingError.valueNotFound(let type, let context) {
            throw DecodingError.valueNotFound(type, context)
        } catch {
            value = try Self.clampedPastDecimal(container)
            return
        }
        value = try Self.clamped(decimal)
    }

    private static let intMax = Decimal(Int.max)
    private static let intMin = Decimal(Int.min)

    private static func clamped(_ decimal: Decimal) throws(Refusal) -> Int {
        var whole = Decimal()
        var rounded = decimal
        NSDecimalRound(&whole, &rounded, 0, .plain)
        guard whole == decimal else { throw .fraction }
        if decimal > Self.intMax { return .max }
        if decimal < Self.intMin { return .min }
        return NSDecimalNumber(decimal: decimal).intValue
    }

    private static func clampedPastDecimal(_ container: any SingleValueDecodingContainer) throws(Refusal) -> Int {
        if let double = try? container.decode(Double.self) {
            guard double == double.rounded() else { throw .fraction }
            return Int(exactly: double) ?? (double < 0 ? .min : .max)
        }
        // Past Double toward zero, JSONDecoder still reads the number as the Int 0, which it is not.
        if (try? container.decode(Int.self)) != nil { throw .fraction }
        throw .unreadable
    }
}
