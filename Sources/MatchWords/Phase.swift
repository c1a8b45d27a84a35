/// The RIB whose screen is presented: LoggedOut, OffGame, or a game, named by its id.
///
/// Written as one string (`"loggedOut"`, `"offGame"` or the game's id), as docs/PROTOCOL.md names
/// phases and as stored summaries keep them.
public enum Phase: Sendable, Hashable {
    case loggedOut
    case offGame
    case playing(GameID)

    /// The phase's name: `loggedOut`, `offGame`, or the id of the game being played.
    public var name: String {
        switch self {
        case .loggedOut: "loggedOut"
        case .offGame: "offGame"
        case .playing(let game): game.rawValue
        }
    }

    /// The phase named `name`: any name other than `loggedOut` and `offGame` is a game's id.
    public init(name: String) {
        switch name {
        case "loggedOut": self = .loggedOut
        case "offGame": self = .offGame
        default: self = .playing(GameID(rawValue: name))
        }
    }
}

extension Phase: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(name: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
