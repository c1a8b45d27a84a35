/// A client message that carries a move of a game (`move` for Tic Tac Toe, `roll` for Random Win):
/// its `type` and its fields, as the game's ``GameMessageSchema`` describes them.
public struct GameMessage: Hashable, Sendable {
    /// One field of the message, in the order it is written.
    public struct Field: Hashable, Sendable {
        public let name: String
        public let value: Value

        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// A field's value: the kinds a game's message may have.
    public enum Value: Hashable, Sendable {
        /// A whole number (clamped to `Int`; see ``ClientMessageReader``).
        case integer(Int)
        case string(String)
    }

    /// The value of the `type` field.
    public let type: String
    /// The fields besides `type`, in the schema's order.
    public let fields: [Field]

    public init(type: String, fields: [Field] = []) {
        self.type = type
        self.fields = fields
    }

    /// The integer field `name`, nil if there is none.
    public func integer(_ name: String) -> Int? {
        for field in fields where field.name == name {
            if case .integer(let value) = field.value { return value }
        }
        return nil
    }

    /// The string field `name`, nil if there is none.
    public func string(_ name: String) -> String? {
        for field in fields where field.name == name {
            if case .string(let value) = field.value { return value }
        }
        return nil
    }
}

/// How a game's client message is written: its `type` and the fields it must have. The reader checks
/// them as it checks every other message (missing or mistyped → `badMessage` with a sentence).
public struct GameMessageSchema: Hashable, Sendable {
    /// A field the message must have.
    public struct Field: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// A JSON number that is a whole number (values past `Int` are clamped).
            case integer
            case string
        }

        public let name: String
        public let kind: Kind
        /// For an integer, the values the game takes: the reader lets any integer through, and the game
        /// refuses one outside with `outOfBounds`. Said here so that clients and tests know the board's
        /// size without a game's rules (the hostile fuzz test predicts the refusal from it).
        public let range: ClosedRange<Int>?

        public init(name: String, kind: Kind, range: ClosedRange<Int>? = nil) {
            self.name = name
            self.kind = kind
            self.range = range
        }

        /// A required integer field.
        public static func integer(_ name: String) -> Field { Field(name: name, kind: .integer) }
        /// A required integer field whose values the game takes are `range`.
        public static func integer(_ name: String, in range: ClosedRange<Int>) -> Field {
            Field(name: name, kind: .integer, range: range)
        }
        /// A required string field.
        public static func string(_ name: String) -> Field { Field(name: name, kind: .string) }
    }

    public let type: String
    public let fields: [Field]

    public init(type: String, fields: [Field] = []) {
        self.type = type
        self.fields = fields
    }
}
