import MatchWords
import RIBs

/// Delivers a player's input as a tap reaches an iOS view: to the view the root view presents now
/// (or to the root view's own leave button, or the deep-link handler), which forwards it to its
/// interactor. Checks first what only the sender or the screen tells (seat, phase, game id), in the
/// order the protocol gives; the interactors check the rest.
struct MatchInputDispatch {
    let rootViewController: RootViewController
    let urlHandler: UrlHandler
    let knownGames: [GameID]

    func deliver(_ input: MatchInput, by seat: Seat?) throws(MatchError) {
        switch input {
        case .login(let name):
            guard seat == nil else { throw .alreadySeated }
            try presented(LoggedOutViewController.self, otherwise: .matchFull).login(name: name)
        case .startGame(let gameId):
            _ = try seated(seat)
            guard knownGames.contains(GameID(rawValue: gameId)) else { throw .unknownGame }
            try presented(OffGameViewController.self, otherwise: .wrongPhase).startGame(withId: gameId)
        case .play(let action):
            let seat = try seated(seat)
            try presented((any GameViewControllable).self, otherwise: .wrongPhase).play(action, by: seat)
        case .launchGame(let gameId):
            try urlHandler.launchGame(withId: gameId)
        case .leave:
            try rootViewController.leave(seat: seated(seat))
        case .claimWin(let opponentAway):
            let seat = try seated(seat)
            _ = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            guard opponentAway else { throw .opponentConnected }
            // The opponent's seat timing out is their leave; claiming the win only brings it forward.
            try rootViewController.leave(seat: seat.opponent)
        case .seatComputer(let level):
            guard seat == nil else { throw .alreadySeated }
            try presented(LoggedOutViewController.self, otherwise: .matchFull).seatComputer(level: level)
        }
    }

    private func seated(_ seat: Seat?) throws(MatchError) -> Seat {
        guard let seat else { throw .notSeated }
        return seat
    }

    private func presented<View>(_: View.Type, otherwise error: MatchError) throws(MatchError) -> View {
        guard let view = rootViewController.presentedViewController as? View else { throw error }
        return view
    }
}
