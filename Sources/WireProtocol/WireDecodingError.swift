/// Why a message could not be read: a sentence for a person, which the server sends back in an `error`
/// message with the code `badMessage`.
public struct WireDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the message, as a sentence ("The field \"row\" must be an integer.").
    public let message: String

    /// An error with the given sentence.
    public init(message: String) {
        self.message = message
    }

    /// The code the server answers with: always `badMessage`.
    public var code: ErrorCode { .badMessage }

    /// The `error` message that answers the bad message.
    public var serverMessage: ServerMessage { .error(code: code, message: message) }

    public var description: String { message }
}

extension WireDecodingError {
    /// Longest piece of a client's own text (such as an unknown type) quoted back in a sentence.
    private static let quotedLimit = 40

    static let invalidUTF8 = WireDecodingError(message: "The message is not valid UTF-8.")
    static let invalidJSON = WireDecodingError(message: "The message is not valid JSON.")
    static let tooDeep = WireDecodingError(message: "The message is nested too deeply.")
    static let notAnObject = WireDecodingError(message: "The message must be a JSON object.")
    static let missingType = WireDecodingError(message: "The message has no \"type\" field.")

    static func typeNotString(_ found: JSONKind) -> WireDecodingError {
        WireDecodingError(message: "The field \"type\" must be a string, not \(found).")
    }

    static func unknownType(_ type: String) -> WireDecodingError {
        WireDecodingError(message: "There is no message type \(quoted(type)).")
    }

    static func missingField(_ field: String, of type: String) -> WireDecodingError {
        WireDecodingError(message: "A \(quoted(type)) message needs the field \(quoted(field)).")
    }

    static func mistypedField(_ field: String, of type: String, expected: String, found: JSONKind)
        -> WireDecodingError
    {
        WireDecodingError(
            message: "The field \(quoted(field)) of a \(quoted(type)) message must be \(expected), not \(found)."
        )
    }

    /// Decoding a server message or an HTTP body failed (tests and tools read these).
    static func undecodable(_ error: any Error) -> WireDecodingError {
        guard let error = error as? DecodingError else {
            return WireDecodingError(message: "The JSON could not be read: \(error).")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return WireDecodingError(message: "The field \(quoted(path(context.codingPath + [key]))) is missing.")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return WireDecodingError(message: "The field \(quoted(path(context.codingPath))) has the wrong type.")
        case .dataCorrupted(let context):
            return WireDecodingError(
                message: "The JSON could not be read at \(quoted(path(context.codingPath))): "
                    + "\(context.debugDescription)"
            )
        @unknown default:
            return WireDecodingError(message: "The JSON could not be read: \(error).")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func quoted(_ text: String) -> String {
        let shown = text.count > quotedLimit ? text.prefix(quotedLimit) + "…" : Substring(text)
        return "\"\(shown)\""
    }
}
