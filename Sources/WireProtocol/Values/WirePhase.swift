/// The RIB whose screen is presented, which is also the name of a `screen` message: `loggedOut`,
/// `offGame`, or the id of the game being played.
public struct WirePhase: RawRepresentable, Codable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Waiting for players to log in.
    public static let loggedOut = WirePhase(rawValue: "loggedOut")
    /// Both seats taken, no game running: the game list.
    public static let offGame = WirePhase(rawValue: "offGame")

    /// The phase of a game being played: its id.
    public static func playing(_ gameId: String) -> WirePhase { WirePhase(rawValue: gameId) }

    /// The id of the game being played, nil in `loggedOut` and `offGame`.
    public var gameId: String? { self == .loggedOut || self == .offGame ? nil : rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
