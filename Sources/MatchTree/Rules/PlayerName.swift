import MatchWords

/// The rules for a player's name at login, and for an account's name (`package`: the server refuses an
/// account name these rules would refuse at login).
package enum PlayerName {
    /// The longest name accepted, in Characters, after trimming.
    static let maximumLength = 24

    /// The longest name accepted, in UTF-8 bytes, after trimming. A Character may hold any number
    /// of combining marks, so the Character count alone does not bound what a name costs to store
    /// and send; this leaves room for 24 Characters of up to 10 bytes each (a flag is 8).
    static let maximumUTF8Length = 256

    /// The name `raw` gives for `seat`: trimmed of surrounding whitespace; the seat's default name
    /// when nil or empty. Throws `badName` when longer than `maximumLength` Characters or
    /// `maximumUTF8Length` bytes, or holding a control character (general category Cc), a line or
    /// paragraph separator, or a format character (Cf: bidi overrides, zero-width characters),
    /// except a zero-width joiner inside an emoji sequence.
    static func validated(_ raw: String?, for seat: Seat) throws(MatchError) -> String {
        let name = trimmed(raw ?? "")
        guard !name.isEmpty else { return seat.defaultName }
        guard name.count <= maximumLength, name.utf8.count <= maximumUTF8Length,
            !name.contains(where: holdsForbiddenScalar)
        else { throw .badName }
        return name
    }

    /// The name `raw` gives an account: trimmed, refused (nil) when empty, as an account has no seat's
    /// default name to fall back on, or when `validated` would refuse it.
    package static func accountName(_ raw: String) -> String? {
        let name = trimmed(raw)
        guard !name.isEmpty, let valid = try? validated(name, for: .player1) else { return nil }
        return valid
    }

    private static func trimmed(_ text: String) -> String {
        let head = text.drop(while: \.isWhitespace)
        return String(head.reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Whether `character` holds a scalar a name may not show. Invisible and direction-changing
    /// characters let one name pass for another (`Alice` and `Al\u{200B}ice` look the same).
    private static func holdsForbiddenScalar(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        return scalars.indices.contains { index in
            let scalar = scalars[index]
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return true
            case .format: return !(scalar == zeroWidthJoiner && index < scalars.count - 1)
            default: return false
            }
        }
    }

    /// Joins emoji into one picture (👩‍💻). Grapheme breaking keeps it inside a Character only when
    /// a pictograph follows it; anywhere else it ends its Character and is refused.
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
}
