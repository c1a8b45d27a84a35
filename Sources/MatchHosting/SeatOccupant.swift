import MatchTree
import MatchWords

/// Who the server seats in a match without a WebSocket connection (`MatchRegistry.create(seating:)`):
/// a person, who later takes the seat over a connection with the token the seating returns (`resume`),
/// or the computer.
package enum SeatOccupant: Sendable, Hashable {
    /// A person, by the name they gave (nil, empty or refused: the seat's default name). Seated as a
    /// `login` is; with `account` (an account's opaque id, issue 41) the seat is the account's, kept for
    /// it in the log as a signed-in player's `login` keeps it, so that its `login` on any device
    /// resumes it. The server layer looked the account up: the match only keeps the id.
    case person(name: String?, account: String? = nil)
    /// The computer at `level`, in the last free seat.
    case computer(ComputerLevel)

    /// Whether a person takes the seat.
    package var isPerson: Bool {
        if case .person = self { true } else { false }
    }

    /// The tree's input that seats it.
    package var input: MatchInput {
        switch self {
        case .person(let name, _): .login(name: name)
        case .computer(let level): .seatComputer(level: level)
        }
    }
}
