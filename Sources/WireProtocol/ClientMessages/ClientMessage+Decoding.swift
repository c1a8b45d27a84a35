import Foundation

/// Reads client messages: the messages every match has, and the moves of the games it offers.
public struct ClientMessageReader: Sendable {
    /// The games' messages, by `type`.
    private let gameMessages: [String: GameMessageSchema]

    /// A reader for the core messages and `gameMessages`, whose types must differ from each other and
    /// from the core messages'.
    public init(gameMessages: [GameMessageSchema]) {
        var byType: [String: GameMessageSchema] = [:]
        for schema in gameMessages {
            precondition(!Self.coreTypes.contains(schema.type), "A game's message cannot be named \(schema.type).")
            precondition(byType.updateValue(schema, forKey: schema.type) == nil, "Two games' messages are named \(schema.type).")
        }
        self.gameMessages = byType
    }

    /// The `type`s of the messages every match has.
    static let coreTypes: Set<String> = [
        "login", "resume", "startGame", "launchGame", "leave", "claimWin", "sync", "resign", "offerDraw", "acceptDraw", "declineDraw",
        "offerGame", "declineGame", "chat",
    ]

    /// Reads a client message from the text of a WebSocket frame, with `JSONDecoder`.
    ///
    /// Fails with a `badMessage` sentence when the text is not JSON, not an object, has no string
    /// `type`, names an unknown type, or lacks or mistypes a field. Unknown extra fields are ignored.
    /// Nesting deeper than 64 levels is refused. The text is read as `JSONDecoder` reads it: a repeated
    /// key takes its first value; a trailing comma and a leading byte order mark are accepted; a
    /// string's escapes and a number's digits are checked only in the fields read. Integer fields
    /// accept any whole number up to ±1.8e308 (`1.0` counts as 1, to `Double`'s precision); one past
    /// `Int` is clamped to `Int.min` or `Int.max`, so that a game still answers `outOfBounds`.
    /// - Parameter text: one JSON object.
    /// - Returns: the message, or why it could not be read.
    public func decode(_ text: String) -> Result<ClientMessage, WireDecodingError> {
        decode(utf8: Data(text.utf8))
    }

    /// Reads a client message from UTF-8 bytes; bytes that are not valid UTF-8 are a `badMessage`.
    /// - Parameter bytes: the frame's payload.
    public func decode(_ bytes: [UInt8]) -> Result<ClientMessage, WireDecodingError> {
        guard String(validating: bytes, as: UTF8.self) != nil else { return .failure(.invalidUTF8) }
        return decode(utf8: Data(bytes))
    }

    /// Reads a client message from UTF-8 data; data that is not valid UTF-8 is a `badMessage`.
    /// - Parameter data: the frame's payload.
    public func decode(_ data: Data) -> Result<ClientMessage, WireDecodingError> {
        guard String(validating: data, as: UTF8.self) != nil else { return .failure(.invalidUTF8) }
        return decode(utf8: data)
    }

    private func decode(utf8 data: Data) -> Result<ClientMessage, WireDecodingError> {
        if let refusal = JSONPrecheck.refusal(of: data) { return .failure(refusal) }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[DecodedClientMessage.gameMessagesKey] = gameMessages
            return .success(try decoder.decode(DecodedClientMessage.self, from: data).message)
        } catch let error as WireDecodingError {
            return .failure(error)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // The decoder reads the whole text before `DecodedClientMessage` sees any of it: what fails
            // there is the syntax.
            return .failure(.invalidJSON)
        } catch {
            return .failure(.undecodable(error))
        }
    }
}

/// One client message as `JSONDecoder` reads it: the object's `type`, then the fields of that type.
/// Every failure is a `WireDecodingError` with its sentence.
private struct DecodedClientMessage: Decodable {
    /// Where the reader hands its games' messages to `init(from:)`.
    static let gameMessagesKey = CodingUserInfoKey(rawValue: "gameMessages")!

    let message: ClientMessage

    init(from decoder: any Decoder) throws {
        let object: KeyedDecodingContainer<DynamicCodingKey>
        do {
            object = try decoder.container(keyedBy: DynamicCodingKey.self)
        } catch {
            throw WireDecodingError.notAnObject
        }
        guard object.contains(.type) else { throw WireDecodingError.missingType }
        let type: String
        do {
            type = try object.decode(String.self, forKey: .type)
        } catch {
            throw Fields.isMistyped(error) ? WireDecodingError.typeNotString(Fields.kind(of: .type, in: object)) : .invalidJSON
        }
        let fields = Fields(type: type, object: object)
        switch type {
        case "login": message = .login(name: try fields.optionalString(.name))
        case "resume": message = .resume(token: try fields.string(.token))
        case "startGame": message = .startGame(gameId: try fields.string(.gameId))
        case "launchGame": message = .launchGame(gameId: try fields.string(.gameId))
        case "leave": message = .leave
        case "claimWin": message = .claimWin
        case "sync": message = .sync
        case "resign": message = .resign
        case "offerDraw": message = .offerDraw
        case "acceptDraw": message = .acceptDraw
        case "declineDraw": message = .declineDraw
        case "offerGame": message = .offerGame(gameId: try fields.string(.gameId))
        case "declineGame": message = .declineGame
        case "chat": message = .chat(phrase: try fields.string(.phrase))
        default:
            let gameMessages = decoder.userInfo[Self.gameMessagesKey] as? [String: GameMessageSchema] ?? [:]
            guard let schema = gameMessages[type] else { throw WireDecodingError.unknownType(type) }
            message = .play(try fields.gameMessage(schema))
        }
    }
}

/// The core client messages' keys; a game message's fields are read by their names.
extension DynamicCodingKey {
    fileprivate static let type = DynamicCodingKey("type")
    fileprivate static let name = DynamicCodingKey("name")
    fileprivate static let token = DynamicCodingKey("token")
    fileprivate static let gameId = DynamicCodingKey("gameId")
    fileprivate static let phrase = DynamicCodingKey("phrase")
}

/// The fields of one client message, read with the checks PROTOCOL.md asks for.
private struct Fields {
    let type: String
    let object: KeyedDecodingContainer<DynamicCodingKey>

    /// A string field that must be present.
    func string(_ key: DynamicCodingKey) throws(WireDecodingError) -> String {
        guard object.contains(key) else { throw .missingField(key.stringValue, of: type) }
        do {
            return try object.decode(String.self, forKey: key)
        } catch {
            throw failure(error, reading: key, expected: "a string")
        }
    }

    /// A string field that may be absent or null.
    func optionalString(_ key: DynamicCodingKey) throws(WireDecodingError) -> String? {
        do {
            return try object.decodeIfPresent(String.self, forKey: key)
        } catch {
            throw failure(error, reading: key, expected: "a string")
        }
    }

    /// The fields `schema` asks for, in its order.
    func gameMessage(_ schema: GameMessageSchema) throws(WireDecodingError) -> GameMessage {
        var fields: [GameMessage.Field] = []
        fields.reserveCapacity(schema.fields.count)
        for field in schema.fields {
            let key = DynamicCodingKey(field.name)
            switch field.kind {
            case .integer: fields.append(GameMessage.Field(name: field.name, value: .integer(try integer(key))))
            case .string: fields.append(GameMessage.Field(name: field.name, value: .string(try string(key))))
            }
        }
        return GameMessage(type: schema.type, fields: fields)
    }

    /// An integer field that must be present; clamped to `Int` when it is too large.
    func integer(_ key: DynamicCodingKey) throws(WireDecodingError) -> Int {
        guard object.contains(key) else { throw .missingField(key.stringValue, of: type) }
        do {
            return try object.decode(ClampedInteger.self, forKey: key).value
        } catch {
            throw failure(error, reading: key, expected: "an integer")
        }
    }

    private func failure(_ error: any Error, reading key: DynamicCodingKey, expected: String) -> WireDecodingError {
        guard Self.isMistyped(error) else { return .invalidJSON }
        return .mistypedField(key.stringValue, of: type, expected: expected, found: Self.kind(of: key, in: object))
    }

    /// Whether reading a value failed on its kind. Otherwise its text could not be read: `JSONDecoder`
    /// checks a string's escapes (a lone surrogate) only when the string is read.
    static func isMistyped(_ error: any Error) -> Bool {
        switch error {
        case DecodingError.typeMismatch, DecodingError.valueNotFound, is ClampedInteger.Refusal: true
        default: false
        }
    }

    /// The kind of value a present field holds.
    static func kind(of key: DynamicCodingKey, in object: KeyedDecodingContainer<DynamicCodingKey>) -> JSONKind {
        // Cannot fail: every JSON value is one of the kinds, and the caller checked the key is there.
        (try? object.decode(JSONKind.self, forKey: key)) ?? .null
    }
}
