import MatchWords
import RIBs

/// What LoggedIn's interactor asks of its router.
protocol LoggedInRouting: Routing {
    /// Detaches the game, if any, and attaches OffGame offering `games`.
    func routeToOffGame(with games: [Game])
    /// Detaches OffGame and attaches the game `builder` makes.
    func routeToGame(with builder: GameBuildable, startingPlayer: Seat) -> GameSession
    /// Attaches Computer, viewless, beside the child shown: the computer playing `player`'s seat.
    func attachComputer(_ player: ComputerPlayer) -> ComputerSession
    /// Detaches every child attached, Computer included (LoggedIn is going away).
    func cleanupViews()
}

/// What LoggedIn presents, through its parent's view since it has none.
protocol LoggedInPresentable: AnyObject {
    /// The pair's score, on every change.
    func present(score: Score)
    /// A game is starting.
    func presentGameStarted(gameId: GameID, startingPlayer: Seat)
}

/// What LoggedIn tells its parent: nothing; the parent decides when the pair breaks up.
protocol LoggedInListener: AnyObject {}

/// What LoggedIn's parent asks of it: the workflow's step, and a leave.
protocol LoggedInSession: LoggedInActionableItem {
    /// `leaver` leaves the pair: a game being played is forfeited (the opponent wins and scores).
    func forfeitGame(by leaver: Seat)
    /// Whether a game is being played: a launch then starts nothing.
    var isGameInProgress: Bool { get }
    /// The move the pair's computer is to play now in the game being played; nil when none is due.
    var computerMove: ComputerMove? { get }
}

/// LoggedIn: the pair's score and games. OffGame between games, one game at a time.
final class LoggedInInteractor: PresentableInteractor<LoggedInPresentable>, LoggedInInteractable, LoggedInSession {
    weak var router: LoggedInRouting?
    weak var listener: LoggedInListener?

    private let games: [Game]
    private let mutableScoreStream: MutableScoreStream
    private var startingPlayers = StartingPlayerRotation()
    private var gameInProgress: GameSession?
    private let computerPlayer: ComputerPlayer?
    private var computer: ComputerSession?

    init(presenter: LoggedInPresentable, games: [Game], mutableScoreStream: MutableScoreStream, computer: ComputerPlayer? = nil) {
        self.games = games
        self.mutableScoreStream = mutableScoreStream
        computerPlayer = computer
        super.init(presenter: presenter)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        mutableScoreStream.score
            .subscribe { [weak self] score in self?.presenter.present(score: score) }
            .disposeOnDeactivate(interactor: self)
        whenLoaded(router) { [weak self] in
            guard let self else { return }
            // Computer first: it is there, waiting, before any game starts.
            if let computerPlayer { computer = router?.attachComputer(computerPlayer) }
            routeToOffGame()
        }
    }

    override func willResignActive() {
        super.willResignActive()
        gameInProgress = nil
        computer = nil
        router?.cleanupViews()
    }

    // MARK: - OffGameListener

    func startGame(with game: Game) {
        launch(game)
    }

    // MARK: - GameListener

    func gameDidEnd(withWinner winner: Seat?) {
        gameInProgress = nil
        mutableScoreStream.updateScore(withWinner: winner)
        routeToOffGame()
    }

    // MARK: - LoggedInActionableItem

    func launchGame(with gameId: GameID) -> Observable<(LoggedInActionableItem, Void)> {
        // A game being played is not interrupted: the step completes without starting anything.
        if gameInProgress == nil, let game = games.first(where: { $0.id == gameId }) {
            launch(game)
        }
        return .just((self, ()))
    }

    // MARK: - LoggedInSession

    var isGameInProgress: Bool { gameInProgress != nil }

    var computerMove: ComputerMove? {
        guard let gameInProgress, let computer else { return nil }
        return computer.move(in: gameInProgress)
    }

    func forfeitGame(by leaver: Seat) {
        guard let game = gameInProgress else { return }
        gameInProgress = nil
        game.forfeit(by: leaver)
        mutableScoreStream.updateScore(withWinner: leaver.opponent)
    }

    // MARK: - Private

    private func routeToOffGame() {
        router?.routeToOffGame(with: games)
    }

    private func launch(_ game: Game) {
        let startingPlayer = startingPlayers.nextStartingPlayer()
        presenter.presentGameStarted(gameId: game.id, startingPlayer: startingPlayer)
        gameInProgress = router?.routeToGame(with: game.builder, startingPlayer: startingPlayer)
    }
}
