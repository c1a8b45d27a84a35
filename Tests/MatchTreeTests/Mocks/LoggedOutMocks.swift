import MatchWords
import RIBs

@testable import MatchTree

final class LoggedOutBuildableMock: LoggedOutBuildable {
    private(set) var buildCallCount = 0
    var buildHandler: ((LoggedOutListener, [SeatedPlayer]) -> (router: ViewableRouting, seating: LoggedOutSeating))?

    func build(withListener listener: LoggedOutListener, seatedPlayers: [SeatedPlayer])
        -> (router: ViewableRouting, seating: LoggedOutSeating)
    {
        buildCallCount += 1
        if let buildHandler { return buildHandler(listener, seatedPlayers) }
        return (makeViewableRoutingMock(), LoggedOutSeatingMock())
    }
}

final class LoggedOutSeatingMock: LoggedOutSeating {
    private(set) var freedSeats: [Seat] = []
    var freeSeatError: MatchError?
    var seatedComputer: ComputerPlayer?

    func freeSeat(_ seat: Seat) throws(MatchError) {
        if let freeSeatError { throw freeSeatError }
        freedSeats.append(seat)
    }
}

final class LoggedOutPresentableMock: LoggedOutPresentable {
    weak var listener: LoggedOutPresentableListener?
    private(set) var seated: [SeatedPlayer] = []
    private(set) var players: [[SeatedPlayer]] = []
    private(set) var freeSeats: [[Seat]] = []

    func presentSeated(_ player: SeatedPlayer) { seated.append(player) }
    func presentPlayers(_ players: [SeatedPlayer]) { self.players.append(players) }
    func presentFreeSeats(_ seats: [Seat]) { freeSeats.append(seats) }
}

final class LoggedOutListenerMock: LoggedOutListener {
    private(set) var didLoginCalls: [(String, String)] = []

    func didLogin(player1Name: String, player2Name: String) {
        didLoginCalls.append((player1Name, player2Name))
    }
}
