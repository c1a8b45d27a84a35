import MatchWords

/// A game's move as a match's log keeps it: a kind that names it (`moved` for Tic Tac Toe, `rolled` for
/// Random Win) and its fields as one JSON object, which the game writes and reads back itself. A store
/// keeps both as they are; the kinds of all games differ from each other and from the match's own.
public struct GameRecord: Sendable, Hashable, Codable {
    /// What kind of move it is, unique among all games' records.
    public let kind: String
    /// The move's fields: a JSON object in the game's own canonical form (keys sorted, compact).
    public let json: String
    /// In a match with a time control, how long the move took in milliseconds (from the server telling
    /// the turn to reading the move), charged to its player's clock on replay; nil without one.
    public let tookMilliseconds: Int?

    public init(kind: String, json: String, tookMilliseconds: Int? = nil) {
        self.kind = kind
        self.json = json
        self.tookMilliseconds = tookMilliseconds
    }

    /// The same move, taking `took`.
    public func taking(_ took: Duration?) -> GameRecord {
        GameRecord(kind: kind, json: json, tookMilliseconds: took?.wholeMilliseconds)
    }

    /// How long the move took, nil when not measured.
    public var took: Duration? { tookMilliseconds.map { .milliseconds($0) } }
}
