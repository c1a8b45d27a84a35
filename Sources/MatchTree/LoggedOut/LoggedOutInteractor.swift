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
}

/// LoggedOut: seats players one login at a time until both seats are taken.
final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable>, LoggedOutInteractable,
    LoggedOutPresentableListener, LoggedOutSeating
{
    weak var router: LoggedOutRouting?
    weak var listener: LoggedOutListener?

    private var names: [Seat: String]

    init(presenter: LoggedOutPresentable, seatedPlayers: [SeatedPlayer]) {
        names = Dictionary(uniqueKeysWithValues: seatedPlayers.map { ($0.seat, $0.name) })
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
        let name = try PlayerName.validated(name, for: seat)
        names[seat] = name
        presenter.presentSeated(SeatedPlayer(seat: seat, name: name))
        presenter.presentPlayers(seatedPlayers)
        if let player1Name = names[.player1], let player2Name = names[.player2] {
            listener?.didLogin(player1Name: player1Name, player2Name: player2Name)
        } else {
            presenter.presentFreeSeats(freeSeats)
        }
    }

    // MARK: - LoggedOutSeating

    func freeSeat(_ seat: Seat) throws(MatchError) {
        guard names[seat] != nil else { throw .notSeated }
        names[seat] = nil
        presentSeats()
    }

    // MARK: - Private

    private var seatedPlayers: [SeatedPlayer] {
        Seat.allCases.compactMap { seat in names[seat].map { SeatedPlayer(seat: seat, name: $0) } }
    }

    private var freeSeats: [Seat] {
        Seat.allCases.filter { names[$0] == nil }
    }

    private func presentSeats() {
        presenter.presentPlayers(seatedPlayers)
        presenter.presentFreeSeats(freeSeats)
    }
}
