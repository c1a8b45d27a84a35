import MatchWords
import RIBs

/// What LoggedOut's view forwards to its interactor.
protocol LoggedOutPresentableListener: AnyObject {
    /// Takes the first free seat for `name` (trimmed; nil or empty: the seat's default name).
    /// Throws `badName`, seating nobody, for a name too long or with control characters.
    func login(name: String?) throws(MatchError)
    /// Seats the computer at `level` in the last free seat. Throws `matchFull` when none is free.
    func seatComputer(level: ComputerLevel) throws(MatchError)
}

/// The login screen: the seats taken and free.
final class LoggedOutViewController: MatchViewController, LoggedOutPresentable, LoggedOutViewControllable {
    weak var listener: LoggedOutPresentableListener?

    /// The login button.
    func login(name: String?) throws(MatchError) {
        try listener?.login(name: name)
    }

    /// The server seating the computer, as a login seats a person.
    func seatComputer(level: ComputerLevel) throws(MatchError) {
        try listener?.seatComputer(level: level)
    }

    // MARK: - LoggedOutPresentable

    func presentSeated(_ player: SeatedPlayer) {
        emit(.seated(player))
    }

    func presentPlayers(_ players: [SeatedPlayer]) {
        emit(.playersChanged(players))
    }

    func presentFreeSeats(_ seats: [Seat]) {
        emit(.screen(.loggedOut(freeSeats: seats)))
    }
}
