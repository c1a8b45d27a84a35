/// The screen of the presented RIB: the body of the `screen` message, written as `name` (a phase) next
/// to that screen's own fields.
public enum WireScreen: Decodable, Hashable, Sendable {
    /// Waiting for players; `freeSeats` lists the seats still free.
    case loggedOut(freeSeats: [WireSeat])
    /// The game list.
    case offGame(games: [WireGame])
    /// A game being played, named by its id, with its board if it shows one (its fields are the
    /// game's), none otherwise (Random Win).
    case playing(gameId: String, board: WireBoard?)

    /// The phase this screen presents (its `name`).
    public var phase: WirePhase {
        switch self {
        case .loggedOut: .loggedOut
        case .offGame: .offGame
        case .playing(let gameId, _): .playing(gameId)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, freeSeats, games, board
    }

    /// Reads `name` and the fields of that screen from the enclosing object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let phase = try container.decode(WirePhase.self, forKey: .name)
        switch phase {
        case .loggedOut: self = .loggedOut(freeSeats: try container.decode([WireSeat].self, forKey: .freeSeats))
        case .offGame: self = .offGame(games: try container.decode([WireGame].self, forKey: .games))
        default: self = .playing(gameId: phase.rawValue, board: try container.decodeIfPresent(WireBoard.self, forKey: .board))
        }
    }
}
