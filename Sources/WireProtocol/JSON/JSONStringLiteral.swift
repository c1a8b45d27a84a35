extension String {
    /// The string as a JSON string literal, quotes included, escaped as Foundation's writer escapes it.
    var jsonStringLiteral: String {
        var literal = ""
        literal.reserveCapacity(utf8.count + 2)
        appendJSONStringLiteral(to: &literal)
        return literal
    }

    /// Appends the string as a JSON string literal, quotes included: `"` and `\`, `\b \t \n \f \r`, the
    /// other control characters as `\u00xx`; everything else (slashes, any Unicode) as it is. A string
    /// with nothing to escape (the usual case) is appended in one piece.
    func appendJSONStringLiteral(to text: inout String) {
        text += "\""
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            text += self
            text += "\""
            return
        }
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\u{0C}": text += "\\f"
            case "\r": text += "\\r"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
