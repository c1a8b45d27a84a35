/// A game's move as a match's log keeps it: a kind that names it (`moved` for Tic Tac Toe, `rolled` for
/// Random Win) and its fields as one JSON object, which the game writes and reads back itself. A store
/// keeps both as they are; the kinds of all games differ from each other and from the match's own.
public struct GameRecord: Sendable, Hashable, Codable {
    /// What kind of move it is, unique among all games' records.
    public let kind: String
    /// The move's fields: a JSON object in the game's own canonical form (keys sorted, compact).
    public let json: String

    public init(kind: String, json: String) {
        self.kind = kind
        self.json = json
    }
}
