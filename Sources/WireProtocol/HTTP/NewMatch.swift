import Foundation

/// **(extension)** The body `POST /api/matches` may carry: who plays the second seat. Without a body
/// (or with an empty one) the match waits for two people, as version 1 of the contract has it.
///
/// `{"opponent": "computer", "level": "easy"}`: the computer takes the second seat at once and plays
/// at `level`. Every field is checked: an unknown field, a field of the wrong type or an opponent
/// other than `"computer"` is refused, so that a typing mistake does not create the wrong match.
public struct NewMatch: WireCodable, StrictBody, Hashable {
    /// Who plays the second seat: `"computer"`.
    public var opponent: String
    /// The computer's level, as the server names its levels (`"easy"`, `"perfect"`); the server checks
    /// the name.
    public var level: String

    /// A request for a match against the computer at `level`.
    public init(opponent: String = "computer", level: String) {
        self.opponent = opponent
        self.level = level
    }

    /// The one opponent a body may name.
    public static let computer = "computer"

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case opponent, level
    }

    public static let fields = CodingKeys.allCases.map(\.rawValue)

    public init(from decoder: any Decoder) throws {
        try Self.refuseUnknownFields(in: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        opponent = try container.decode(String.self, forKey: .opponent)
        guard opponent == Self.computer else {
            throw DecodingError.dataCorruptedError(
                forKey: .opponent, in: container, debugDescription: "The opponent can only be \"computer\".")
        }
        level = try container.decode(String.self, forKey: .level)
    }

    /// Reads a request body: nil for an empty one (or only whitespace) or an empty JSON object, a plain
    /// match: version 1 of the contract names no body, and a client of it may well send `{}`.
    /// - Returns: why it could not be read, in a sentence for the error body.
    public static func read(body text: String) -> Result<NewMatch?, NewMatchRefusal> {
        guard text.contains(where: { !$0.isWhitespace }) else { return .success(nil) }
        if case .success = EmptyObject.read(strictly: text) { return .success(nil) }
        return read(strictly: text).map { $0 }
    }

    /// What a body must look like.
    public static let expectedShape = #"The body must be empty or a JSON object such as {"opponent": "computer", "level": "easy"}."#
}

/// A `POST /api/matches` body that cannot be read.
public typealias NewMatchRefusal = BodyRefusal

/// `{}`: a JSON object without a field.
private struct EmptyObject: StrictBody {
    static let fields: [String] = []
    static let expectedShape = "{}"

    init(from decoder: any Decoder) throws {
        try Self.refuseUnknownFields(in: decoder)
    }
}
