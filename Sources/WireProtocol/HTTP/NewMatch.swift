import Foundation

/// **(extension)** The body `POST /api/matches` may carry: who plays the second seat, and whether the
/// lobby lists the match. Without a body (or with an empty one) the match waits for two people and is
/// private: only those given its link find it.
///
/// `{"opponent": "computer", "level": "easy"}`: the computer takes the second seat at once and plays
/// at `level`. `{"listed": true}`: the lobby lists the match while its creator waits in it. Every field
/// is checked: an unknown field, a field of the wrong type, an opponent other than `"computer"`, a
/// level without an opponent or a listed match against the computer is refused, so that a typing
/// mistake does not create the wrong match.
public struct NewMatch: WireCodable, StrictBody, Hashable {
    /// Who plays the second seat: `"computer"`, or nil for a person.
    public var opponent: String?
    /// The computer's level, as the server names its levels (`"easy"`, `"perfect"`); the server checks
    /// the name. Present exactly when `opponent` is.
    public var level: String?
    /// Whether the lobby lists the match; absent means private.
    public var listed: Bool?
    /// The match's time control; absent means no clocks. Within its bounds once read.
    public var clock: WireTimeControl?
    /// The game the match is made for, started as soon as the pair is seated; absent: the pair picks
    /// one. The server checks that it offers it (`unknownGame`).
    public var gameId: String?
    /// (Issue 42.) Whether the match is rated: only a signed-in player may ask, never against the
    /// computer, never for a game that is not rated (Random Win); the server checks the last two of
    /// these beyond what the reader sees.
    public var rated: Bool?

    /// A request for a match against the computer at `level`.
    public init(opponent: String = "computer", level: String) {
        self.opponent = opponent
        self.level = level
    }

    /// A request for a match between people, listed in the lobby or not.
    public init(listed: Bool) {
        self.listed = listed
    }

    /// The one opponent a body may name.
    public static let computer = "computer"

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case opponent, level, listed, clock, gameId, rated
    }

    public static let fields = CodingKeys.allCases.map(\.rawValue)
    public static let booleanFields: Set<String> = [CodingKeys.listed.rawValue, CodingKeys.rated.rawValue]
    public static let objectFields = [CodingKeys.clock.rawValue: WireTimeControl.shape]

    public init(from decoder: any Decoder) throws {
        try Self.refuseUnknownFields(in: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        opponent = try container.decodeIfPresent(String.self, forKey: .opponent)
        level = try container.decodeIfPresent(String.self, forKey: .level)
        listed = try container.decodeIfPresent(Bool.self, forKey: .listed)
        clock = try WireTimeControl.read(.clock, in: container)
        gameId = try container.decodeIfPresent(String.self, forKey: .gameId)
        rated = try container.decodeIfPresent(Bool.self, forKey: .rated)
        if let opponent {
            guard opponent == Self.computer else {
                throw DecodingError.dataCorruptedError(
                    forKey: .opponent, in: container, debugDescription: "The opponent can only be \"computer\".")
            }
            guard level != nil else {
                throw DecodingError.keyNotFound(
                    CodingKeys.level, .init(codingPath: [], debugDescription: "A match against the computer needs a \"level\"."))
            }
            guard listed != true else {
                throw DecodingError.dataCorruptedError(
                    forKey: .listed, in: container, debugDescription: "A match against the computer is never listed in the lobby.")
            }
            guard rated != true else {
                throw DecodingError.dataCorruptedError(
                    forKey: .rated, in: container,
                    debugDescription: "A match against the computer is never rated: ratings are between people.")
            }
        } else if level != nil {
            throw DecodingError.dataCorruptedError(
                forKey: .level, in: container,
                debugDescription: "A \"level\" is for a match against the computer: add \"opponent\": \"computer\".")
        }
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
    public static let expectedShape =
        #"The body must be empty or a JSON object such as {"listed": true} or {"opponent": "computer", "level": "easy"}."#
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
