/// The rules for a player's name at login.
enum PlayerName {
    /// The longest name accepted, in Characters, after trimming.
    static let maximumLength = 24

    /// The name `raw` gives for `seat`: trimmed of surrounding whitespace; the seat's default name
    /// when nil or empty. Throws `badName` when longer than `maximumLength` or holding a control
    /// character (general category Cc) or a line or paragraph separator.
    static func validated(_ raw: String?, for seat: Seat) throws(MatchError) -> String {
        let name = trimmed(raw ?? "")
        guard !name.isEmpty else { return seat.defaultName }
        guard name.count <= maximumLength, !name.unicodeScalars.contains(where: isForbidden) else {
            throw .badName
        }
        return name
    }

    private static func trimmed(_ text: String) -> String {
        let head = text.drop(while: \.isWhitespace)
        return String(head.reversed().drop(while: \.isWhitespace).reversed())
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
