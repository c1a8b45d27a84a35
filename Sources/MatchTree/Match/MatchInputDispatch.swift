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
        case .startGame(let gameId, let opponentAway):
            try offGame(for: gameId, by: seat, opponentAway: opponentAway).startGame(withId: gameId)
        case .offerGame(let gameId, let opponentAway):
            let seat = try seated(seat)
            try offGame(for: gameId, by: seat, opponentAway: opponentAway).offerGame(withId: gameId, by: seat)
        case .declineGame:
            let seat = try seated(seat)
            try presented(OffGameViewController.self, otherwise: .wrongPhase).declineGame(by: seat)
        case .play(let action, let took):
            let seat = try seated(seat)
            let game = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            if let took { try rootViewController.checkTime(of: seat, took: took) }
            try game.play(action, by: seat)
            rootViewController.movePlayed(by: seat, took: took)
        case .timeRanOut:
            let seat = try seated(seat)
            _ = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            try rootViewController.timeRanOut(for: seat)
        case .firstMoveMissed:
            let seat = try seated(seat)
            _ = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            try rootViewController.firstMoveMissed(by: seat)
        case .launchGame(let gameId, let playerAway):
            try urlHandler.launchGame(withId: gameId, playerAway: playerAway)
        case .leave:
            try rootViewController.leave(seat: seated(seat), reason: .left)
        case .seatTimedOut:
            try rootViewController.leave(seat: seated(seat), reason: .seatTimeout)
        case .claimWin(let opponent):
            let seat = try seated(seat)
            _ = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            switch opponent {
            case .connected: throw .opponentConnected
            case .awayWithinGrace: throw .tooEarly
            case .awayPastGrace: try rootViewController.claimGame(by: seat)
            }
        case .resign:
            let seat = try seated(seat)
            _ = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            try rootViewController.resign(by: seat)
        case .offerDraw:
            let seat = try seated(seat)
            _ = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            try rootViewController.offerDraw(by: seat)
        case .answerDraw(let accept):
            let seat = try seated(seat)
            _ = try presented((any GameViewControllable).self, otherwise: .wrongPhase)
            try rootViewController.answerDraw(by: seat, accept: accept)
        case .seatComputer(let level):
            guard seat == nil else { throw .alreadySeated }
            try presented(LoggedOutViewController.self, otherwise: .matchFull).seatComputer(level: level)
        }
    }

    /// OffGame, for a seated player to start or offer `gameId`: checks the seat, the game, the phase and
    /// the opponent's presence, in that order.
    private func offGame(for gameId: String, by seat: Seat?, opponentAway: Bool) throws(MatchError) -> OffGameViewController {
        _ = try seated(seat)
        guard knownGames.contains(GameID(rawValue: gameId)) else { throw .unknownGame }
        let view = try presented(OffGameViewController.self, otherwise: .wrongPhase)
        // Nobody would play the game: the absent player would only lose it to a claim.
        guard !opponentAway else { throw .opponentAway }
        return view
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
