/// The screen of the presented RIB: the body of the `screen` message, written as `name` (a phase) next
/// to that screen's own fields.
public enum WireScreen: Decodable, Hashable, Sendable {
    /// Waiting for players; `freeSeats` lists the seats still free.
    case loggedOut(freeSeats: [WireSeat])
    /// The game list.
    case offGame(games: [WireGame])
    /// A Tic Tac Toe game, with its board.
    case ticTacToe(board: WireBoard)
    /// A Random Win game; no fields.
    case randomWin

    /// The phase this screen presents (its `name`).
    public var phase: WirePhase {
        switch self {
        case .loggedOut: .loggedOut
        case .offGame: .offGame
        case .ticTacToe: .ticTacToe
        case .randomWin: .randomWin
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, freeSeats, games, board
    }

    /// Reads `name` and the fields of that screen from the enclosing object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(WirePhase.self, forKey: .name) {
        case .loggedOut: self = .loggedOut(freeSeats: try container.decode([WireSeat].self, forKey: .freeSeats))
        case .offGame: self = .offGame(games: try container.decode([WireGame].self, forKey: .games))
        case .ticTacToe: self = .ticTacToe(board: try container.decode(WireBoard.self, forKey: .board))
        case .randomWin: self = .randomWin
        }
    }
}
