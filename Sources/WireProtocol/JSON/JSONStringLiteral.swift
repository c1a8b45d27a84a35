extension String {
    /// The string as a JSON string literal, quotes included: `"`, `\` and control characters escaped,
    /// everything else (any Unicode) kept as it is.
    var jsonStringLiteral: String {
        var literal = "\""
        literal.reserveCapacity(utf8.count + 2)
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
