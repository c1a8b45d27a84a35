import MatchWords
import RIBs

/// What LoggedOut's interactor asks of its router: nothing, it has no children.
protocol LoggedOutRouting: ViewableRouting {}

/// What LoggedOut's interactor asks of its view.
protocol LoggedOutPresentable: AnyObject {
    var listener: LoggedOutPresentableListener? { get set }
    /// `player` took a seat (told to the one who logged in).
    func presentSeated(_ player: SeatedPlayer)
    /// The taken seats, player1 first.
    func presentPlayers(_ players: [SeatedPlayer])
    /// The login screen, with the seats still free.
    func presentFreeSeats(_ seats: [Seat])
}

/// What LoggedOut tells its parent.
protocol LoggedOutListener: AnyObject {
    /// Both seats are taken.
    func didLogin(player1Name: String, player2Name: String)
}

/// What LoggedOut's parent asks of it: a seated player left before the pair was complete.
protocol LoggedOutSeating: AnyObject {
    /// Frees `seat`; throws `notSeated` when it is free.
    func freeSeat(_ seat: Seat) throws(MatchError)
    /// The computer seated, if any: it stays in its seat for every pair.
    var seatedComputer: ComputerPlayer? { get }
}

/// LoggedOut: seats players one login at a time until both seats are taken.
final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable>, LoggedOutInteractable,
    LoggedOutPresentableListener, LoggedOutSeating
{
    weak var router: LoggedOutRouting?
    weak var listener: LoggedOutListener?

    private var players: [Seat: SeatedPlayer]

    init(presenter: LoggedOutPresentable, seatedPlayers: [SeatedPlayer]) {
        players = Dictionary(uniqueKeysWithValues: seatedPlayers.map { ($0.seat, $0) })
        super.init(presenter: presenter)
        presenter.listener = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        presentSeats()
    }

    // MARK: - LoggedOutPresentableListener

    func login(name: String?) throws(MatchError) {
        guard let seat = freeSeats.first else { throw .matchFull }
        take(SeatedPlayer(seat: seat, name: try PlayerName.validated(name, for: seat)))
    }

    func seatComputer(level: ComputerLevel) throws(MatchError) {
        // The last free seat: a new match's second, so that the person who created it plays X.
        guard let seat = freeSeats.last else { throw .matchFull }
        take(SeatedPlayer(seat: seat, name: ComputerPlayer.name, computer: level))
    }

    // MARK: - LoggedOutSeating

    func freeSeat(_ seat: Seat) throws(MatchError) {
        guard players[seat] != nil else { throw .notSeated }
        players[seat] = nil
        presentSeats()
    }

    var seatedComputer: ComputerPlayer? {
        seatedPlayers.lazy.compactMap(ComputerPlayer.init).first
    }

    // MARK: - Private

    private func take(_ player: SeatedPlayer) {
        players[player.seat] = player
        presenter.presentSeated(player)
        presenter.presentPlayers(seatedPlayers)
        if let player1 = players[.player1], let player2 = players[.player2] {
            listener?.didLogin(player1Name: player1.name, player2Name: player2.name)
        } else {
            presenter.presentFreeSeats(freeSeats)
        }
    }

    private var seatedPlayers: [SeatedPlayer] {
        Seat.allCases.compactMap { players[$0] }
    }

    private var freeSeats: [Seat] {
        Seat.allCases.filter { players[$0] == nil }
    }

    private func presentSeats() {
        presenter.presentPlayers(seatedPlayers)
        presenter.presentFreeSeats(freeSeats)
    }
}
