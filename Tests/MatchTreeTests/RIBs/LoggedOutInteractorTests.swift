import MatchWords
import RIBs
import Testing

@testable import MatchTree

struct LoggedOutInteractorTests {
    private let presenter = LoggedOutPresentableMock()
    private let listener = LoggedOutListenerMock()

    private func makeInteractor(seatedPlayers: [SeatedPlayer] = []) -> LoggedOutInteractor {
        let interactor = LoggedOutInteractor(presenter: presenter, seatedPlayers: seatedPlayers)
        interactor.listener = listener
        interactor.activate()
        return interactor
    }

    @Test func test_activate_presentsTheSeatsItWasBuiltWith() {
        _ = makeInteractor(seatedPlayers: [SeatedPlayer(seat: .player2, name: "Bob")])
        #expect(presenter.players == [[SeatedPlayer(seat: .player2, name: "Bob")]])
        #expect(presenter.freeSeats == [[.player1]])
    }

    @Test func test_firstLogin_takesPlayer1AndTellsNobody() throws {
        let interactor = makeInteractor()
        try interactor.login(name: " Alice ")
        #expect(presenter.seated == [SeatedPlayer(seat: .player1, name: "Alice")])
        #expect(presenter.freeSeats.last == [.player2])
        #expect(listener.didLoginCalls.isEmpty)
    }

    @Test func test_loginCompletingThePair_tellsTheListenerBothNames() throws {
        let interactor = makeInteractor(seatedPlayers: [SeatedPlayer(seat: .player2, name: "Bob")])
        try interactor.login(name: nil)
        #expect(presenter.seated == [SeatedPlayer(seat: .player1, name: "Player 1")])
        #expect(listener.didLoginCalls.map { [$0.0, $0.1] } == [["Player 1", "Bob"]])
        // The login screen is not shown again once the pair is complete.
        #expect(presenter.freeSeats == [[.player1]])
    }

    @Test func test_loginWithBadName_throwsAndSeatsNobody() {
        let interactor = makeInteractor()
        #expect(throws: MatchError.badName) { try interactor.login(name: "tab\tinside") }
        #expect(presenter.seated.isEmpty)
    }

    @Test func test_freeSeat_freesATakenSeatAndRefusesAFreeOne() throws {
        let interactor = makeInteractor(seatedPlayers: [SeatedPlayer(seat: .player1, name: "Alice")])
        #expect(throws: MatchError.notSeated) { try interactor.freeSeat(.player2) }
        try interactor.freeSeat(.player1)
        #expect(presenter.players.last == [])
        #expect(presenter.freeSeats.last == [.player1, .player2])
    }
}
