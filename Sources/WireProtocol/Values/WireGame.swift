/// A game offered on the OffGame screen: `{"id", "name"}`, its id and the name shown to people.
public struct WireGame: Decodable, Hashable, Sendable {
    /// The id a client sends in `startGame` or `launchGame`.
    public var id: String
    /// The name shown to people.
    public var name: String

    /// A game entry.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
