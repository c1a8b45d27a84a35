import MatchTree
import MatchWords

/// Who the server seats in a match without a WebSocket connection (`MatchRegistry.create(seating:)`):
/// a person, who later takes the seat over a connection with the token the seating returns (`resume`),
/// or the computer.
package enum SeatOccupant: Sendable, Hashable {
    /// A person, by the name they gave (nil, empty or refused: the seat's default name). Seated as a
    /// `login` is.
    case person(name: String?)
    /// The computer at `level`, in the last free seat.
    case computer(ComputerLevel)

    /// Whether a person takes the seat.
    package var isPerson: Bool {
        if case .person = self { true } else { false }
    }

    /// The tree's input that seats it.
    package var input: MatchInput {
        switch self {
        case .person(let name): .login(name: name)
        case .computer(let level): .seatComputer(level: level)
        }
    }
}
