import MatchWords
import RIBs

@testable import MatchTree

final class LoggedInBuildableMock: LoggedInBuildable {
    private(set) var buildCallCount = 0
    var buildHandler: ((LoggedInListener, String, String) -> (router: Routing, session: LoggedInSession))?

    private(set) var computers: [ComputerPlayer?] = []

    func build(withListener listener: LoggedInListener, player1Name: String, player2Name: String, computer: ComputerPlayer?)
        -> (router: Routing, session: LoggedInSession)
    {
        buildCallCount += 1
        computers.append(computer)
        if let buildHandler { return buildHandler(listener, player1Name, player2Name) }
        return (Router(interactor: InteractableMock()), LoggedInSessionMock())
    }
}

/// LoggedIn as Root sees it. Not an interactor, so a workflow step on it runs at once.
final class LoggedInSessionMock: LoggedInSession {
    private(set) var launchedGames: [GameID] = []
    private(set) var forfeits: [Seat] = []
    private(set) var forfeitReasons: [GameEndReason] = []
    var isGameInProgress = false
    var computerMove: ComputerMove?

    func launchGame(with gameId: GameID) -> Observable<(LoggedInActionableItem, Void)> {
        launchedGames.append(gameId)
        return .just((self, ()))
    }

    func forfeitGame(by leaver: Seat, reason: GameEndReason) {
        forfeits.append(leaver)
        forfeitReasons.append(reason)
    }
}

final class LoggedInRoutingMock: Router<InteractableMock>, LoggedInRouting {
    private(set) var routeToOffGameCalls: [[GameID]] = []
    private(set) var startingPlayers: [Seat] = []
    private(set) var routedGameBuilders: [GameBuildable] = []
    private(set) var cleanupViewsCallCount = 0
    private(set) var attachedComputers: [ComputerPlayer] = []
    let gameSession = GameSessionMock()
    let computerSession = ComputerSessionMock()

    init() {
        super.init(interactor: InteractableMock())
    }

    func routeToOffGame(with games: [Game]) {
        routeToOffGameCalls.append(games.map(\.id))
    }

    func routeToGame(with builder: GameBuildable, startingPlayer: Seat) -> GameSession {
        routedGameBuilders.append(builder)
        startingPlayers.append(startingPlayer)
        return gameSession
    }

    func attachComputer(_ player: ComputerPlayer) -> ComputerSession {
        attachedComputers.append(player)
        return computerSession
    }

    func cleanupViews() {
        cleanupViewsCallCount += 1
    }
}

final class LoggedInPresentableMock: LoggedInPresentable {
    weak var pairListener: LoggedInPresentableListener?
    private(set) var scores: [Score] = []
    private(set) var gamesStarted: [(GameID, Seat)] = []
    private(set) var drawOffers: [Seat] = []
    private(set) var drawDeclines: [Seat] = []
    private(set) var lapsedOffers = 0

    func presentDrawOffered(by seat: Seat) { drawOffers.append(seat) }
    func presentDrawDeclined(by seat: Seat) { drawDeclines.append(seat) }
    func presentDrawOfferLapsed() { lapsedOffers += 1 }
    /// Every clock presented, in order.
    private(set) var clocks: [GameClock?] = []
    func present(clock: GameClock?) { clocks.append(clock) }

    func present(score: Score) { scores.append(score) }
    func presentGameStarted(gameId: GameID, startingPlayer: Seat) { gamesStarted.append((gameId, startingPlayer)) }
}

final class GameBuildableMock: GameBuildable {
    private(set) var buildCallCount = 0

    func build(withListener listener: GameListener, startingPlayer: Seat) -> (router: ViewableRouting, session: GameSession) {
        buildCallCount += 1
        return (makeViewableRoutingMock(), GameSessionMock())
    }
}

final class GameSessionMock: GameSession {
    /// The seats that lost a game ended early (by leaving, resigning, being claimed against).
    private(set) var forfeits: [Seat] = []
    /// Every early ending: the winner (nil: a draw) and why.
    private(set) var endings: [(winner: Seat?, reason: GameEndReason)] = []
    /// What the computer is told to play, for any seat.
    var computerAction: (any GameAction)?
    var turn: Seat?

    func end(winner: Seat?, reason: GameEndReason) {
        endings.append((winner, reason))
        if let winner { forfeits.append(winner.opponent) }
    }

    func computerAction(for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> (any GameAction)? { computerAction }
}

final class ComputerSessionMock: ComputerSession {
    private(set) var askedGames: [GameSession] = []
    var move: ComputerMove?

    func move(in game: GameSession) -> ComputerMove? {
        askedGames.append(game)
        return move
    }
}

final class MutableScoreStreamMock: MutableScoreStream {
    private let stream = ScoreStreamImpl(player1Name: "Alice", player2Name: "Bob")
    private(set) var winners: [Seat?] = []

    var score: Observable<Score> { stream.score }

    func updateScore(withWinner winner: Seat?) {
        winners.append(winner)
        stream.updateScore(withWinner: winner)
    }
}
