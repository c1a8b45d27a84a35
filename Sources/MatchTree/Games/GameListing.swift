import MatchWords

/// A game as OffGame offers it: its id and the name shown to people.
public struct GameListing: Sendable, Hashable {
    public let id: GameID
    public let name: String

    public init(id: GameID, name: String) {
        self.id = id
        self.name = name
    }
}
