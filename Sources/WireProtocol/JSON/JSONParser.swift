// A strict RFC 8259 parser for what clients send. It never traps: malformed input, deep nesting and
// lone surrogate escapes all end in a `WireDecodingError`.

/// Parses one JSON text into a `JSONValue`.
struct JSONParser {
    /// How deeply arrays and objects may nest. Client messages are flat; this only bounds recursion.
    static let maximumDepth = 64

    /// Parses `text`, which must hold exactly one JSON value, surrounded by optional whitespace.
    static func parse(_ text: String) throws(WireDecodingError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, WireDecodingError> in
            var parser = JSONParser(bytes: bytes)
            return Result { () throws(WireDecodingError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    /// Parses UTF-8 bytes, refusing any that are not valid UTF-8.
    static func parse(utf8 bytes: some Collection<UInt8>) throws(WireDecodingError) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return try parse(text)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func parseDocument() throws(WireDecodingError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw .invalidJSON(at: index) }
        return value
    }

    private mutating func parseValue() throws(WireDecodingError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw .invalidJSON(at: index) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw .invalidJSON(at: index)
        }
    }

    private mutating func parseObject() throws(WireDecodingError) -> JSONValue {
        try enterContainer()
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(members)
        }
        repeat {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw .invalidJSON(at: index) }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw .invalidJSON(at: index) }
            members[key] = try parseValue()
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { throw .invalidJSON(at: index) }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(WireDecodingError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        repeat {
            elements.append(try parseValue())
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "]")) else { throw .invalidJSON(at: index) }
        depth -= 1
        return .array(elements)
    }

    /// Steps over the opening bracket or brace, counting the depth.
    private mutating func enterContainer() throws(WireDecodingError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw .tooDeep }
        index += 1
    }

    /// Reads a string starting at its opening quote. The input is valid UTF-8 and runs are cut only at
    /// ASCII quotes and backslashes, so each run decodes exactly.
    private mutating func parseString() throws(WireDecodingError) -> String {
        index += 1
        var result = ""
        var runStart = index
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                result += run(from: runStart)
                index += 1
                return result
            case UInt8(ascii: "\\"):
                result += run(from: runStart)
                index += 1
                result.unicodeScalars.append(try parseEscape())
                runStart = index
            case 0..<0x20:
                throw .invalidJSON(at: index)
            default:
                index += 1
            }
        }
        throw .invalidJSON(at: index)
    }

    private func run(from start: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Reads what follows a backslash. A `\u` high surrogate must be followed by a `\u` low surrogate.
    private mutating func parseEscape() throws(WireDecodingError) -> Unicode.Scalar {
        guard let byte = peek() else { throw .invalidJSON(at: index) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default: throw .invalidJSON(at: index - 1)
        }
        let start = index
        let unit = try parseHex4()
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw .invalidJSON(at: index) }
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw .invalidJSON(at: index - 4) }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        // Nil only for a lone low surrogate.
        guard let scalar = Unicode.Scalar(scalarValue) else { throw .invalidJSON(at: start) }
        return scalar
    }

    private mutating func parseHex4() throws(WireDecodingError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigitValue(byte) else { throw .invalidJSON(at: index) }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` exactly.
    private mutating func parseNumber() throws(WireDecodingError) -> JSONNumber {
        let isNegative = consume(UInt8(ascii: "-"))
        var digits: [UInt8] = []
        if consume(UInt8(ascii: "0")) {
            digits.append(0)
        } else {
            guard readDigits(into: &digits) > 0 else { throw .invalidJSON(at: index) }
        }
        var fractionDigits = 0
        if consume(UInt8(ascii: ".")) {
            fractionDigits = readDigits(into: &digits)
            guard fractionDigits > 0 else { throw .invalidJSON(at: index) }
        }
        var exponent = 0
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            let exponentIsNegative = !consume(UInt8(ascii: "+")) && consume(UInt8(ascii: "-"))
            var exponentDigits: [UInt8] = []
            guard readDigits(into: &exponentDigits) > 0 else { throw .invalidJSON(at: index) }
            // Saturate: past a billion the exact exponent changes nothing (the value is 0, huge or fractional).
            for digit in exponentDigits where exponent < 1_000_000_000 {
                exponent = exponent * 10 + Int(digit)
            }
            if exponentIsNegative { exponent = -exponent }
        }
        return JSONNumber(isNegative: isNegative, digits: digits, exponent: exponent - fractionDigits)
    }

    /// Appends the values of the decimal digits at the cursor; returns how many there were.
    private mutating func readDigits(into digits: inout [UInt8]) -> Int {
        var count = 0
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            digits.append(byte - UInt8(ascii: "0"))
            index += 1
            count += 1
        }
        return count
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(WireDecodingError) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard consume(byte) else { throw .invalidJSON(at: start) }
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            index += 1
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Steps over `byte` when it is next; tells whether it was.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }
}
