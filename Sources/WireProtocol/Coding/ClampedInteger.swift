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

    /// Reads the number as `JSONDecoder` reads an `Int`: exactly when it is written as digits, through
    /// `Double` when it has a fraction or an exponent (so `1.0` is 1, and a fraction is whole if its
    /// `Double` is, from 17 significant digits on). Past `Int` through `Double` and clamped. A value
    /// that is no number fails as `JSONDecoder` reports it.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int.self) {
            // Below Double's range the decoder reads any number as the Int 0. A true zero (`0`, `0e5`,
            // `0e200`) also reads as a Decimal or as a Double (each refuses some spellings of it); a
            // number that small reads as neither.
            if integer == 0, (try? container.decode(Decimal.self)) == nil, (try? container.decode(Double.self)) == nil {
                throw Refusal.fraction
            }
            value = integer
            return
        }
        let double: Double
        do {
            double = try container.decode(Double.self)
        } catch DecodingError.typeMismatch(let type, let context) {
            throw DecodingError.typeMismatch(type, context)
        } catch DecodingError.valueNotFound(let type, let context) {
            throw DecodingError.valueNotFound(type, context)
        } catch {
            throw Refusal.unreadable
        }
        guard double == double.rounded() else { throw Refusal.fraction }
        value = Int(exactly: double) ?? (double < 0 ? .min : .max)
    }
}
