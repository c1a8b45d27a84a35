import Foundation

extension ClientMessage {
    /// Reads a client message from the text of a WebSocket frame.
    ///
    /// Fails with a `badMessage` sentence when the text is not JSON, not an object, has no string
    /// `type`, names an unknown type, or lacks or mistypes a field. Unknown extra fields are ignored; a
    /// repeated key takes its last value, as in JavaScript. Nesting deeper than 64 levels is refused.
    /// `move`'s `row` and `col` accept any JSON integer (`1.0` counts as 1); one past `Int` is clamped to
    /// `Int.min` or `Int.max`, so the game still answers `outOfBounds`.
    /// - Parameter text: one JSON object.
    /// - Returns: the message, or why it could not be read.
    public static func decode(_ text: String) -> Result<ClientMessage, WireDecodingError> {
        Result { () throws(WireDecodingError) in try message(from: JSONParser.parse(text)) }
    }

    /// Reads a client message from UTF-8 bytes; bytes that are not valid UTF-8 are a `badMessage`.
    /// - Parameter bytes: the frame's payload.
    public static func decode(_ bytes: [UInt8]) -> Result<ClientMessage, WireDecodingError> {
        Result { () throws(WireDecodingError) in try message(from: JSONParser.parse(utf8: bytes)) }
    }

    /// Reads a client message from UTF-8 data; data that is not valid UTF-8 is a `badMessage`.
    /// - Parameter data: the frame's payload.
    public static func decode(_ data: Data) -> Result<ClientMessage, WireDecodingError> {
        Result { () throws(WireDecodingError) in try message(from: JSONParser.parse(utf8: data)) }
    }

    private static func message(from value: JSONValue) throws(WireDecodingError) -> ClientMessage {
        guard case .object(let object) = value else { throw .notAnObject }
        guard let typeValue = object["type"] else { throw .missingType }
        guard case .string(let type) = typeValue else { throw .typeNotString(typeValue) }
        let fields = Fields(type: type, object: object)
        switch type {
        case "login": return .login(name: try fields.optionalString("name"))
        case "resume": return .resume(token: try fields.string("token"))
        case "startGame": return .startGame(gameId: try fields.string("gameId"))
        case "move": return .move(row: try fields.integer("row"), col: try fields.integer("col"))
        case "roll": return .roll
        case "launchGame": return .launchGame(gameId: try fields.string("gameId"))
        case "leave": return .leave
        case "sync": return .sync
        default: throw .unknownType(type)
        }
    }
}

/// The fields of one client message, read with the checks PROTOCOL.md asks for.
private struct Fields {
    let type: String
    let object: [String: JSONValue]

    /// A string field that must be present.
    func string(_ name: String) throws(WireDecodingError) -> String {
        guard let value = object[name] else { throw .missingField(name, of: type) }
        guard case .string(let string) = value else {
            throw .mistypedField(name, of: type, expected: "a string", found: value)
        }
        return string
    }

    /// A string field that may be absent or null.
    func optionalString(_ name: String) throws(WireDecodingError) -> String? {
        guard let value = object[name], value != .null else { return nil }
        return try string(name)
    }

    /// An integer field that must be present; clamped to `Int` when it is too large.
    func integer(_ name: String) throws(WireDecodingError) -> Int {
        guard let value = object[name] else { throw .missingField(name, of: type) }
        guard case .number(let number) = value, let integer = number.integerValue else {
            throw .mistypedField(name, of: type, expected: "an integer", found: value)
        }
        return integer
    }
}
