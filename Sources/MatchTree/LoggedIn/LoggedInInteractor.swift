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
    /// Where the view sends a player's resignation, draw offers and claims: LoggedIn's interactor.
    var pairListener: LoggedInPresentableListener? { get set }
    /// The pair's score, on every change.
    func present(score: Score)
    /// A game is starting.
    func presentGameStarted(gameId: GameID, startingPlayer: Seat)
    /// `seat` offered a draw.
    func presentDrawOffered(by seat: Seat)
    /// `seat` declined the draw offered to it.
    func presentDrawDeclined(by seat: Seat)
    /// The draw offer standing lapsed (its opponent moved instead).
    func presentDrawOfferLapsed()
}

/// What LoggedIn's view (its parent's) forwards to LoggedIn's interactor: the buttons beside a game.
protocol LoggedInPresentableListener: AnyObject {
    /// `seat` gives up the game being played: the opponent wins it; the pair stays. Throws
    /// `wrongPhase` between games, `notInThisGame` in a game that cannot be resigned.
    func resign(by seat: Seat) throws(MatchError)
    /// `seat` offers a draw (`DrawOffers.offer` says when it may).
    func offerDraw(by seat: Seat) throws(MatchError)
    /// `seat` accepts (the game ends drawn) or declines the opponent's offer; `noOffer` without one.
    func answerDraw(by seat: Seat, accept: Bool) throws(MatchError)
    /// `seat` claims the game being played, its opponent being away past the grace (checked by the
    /// caller): `seat` wins it; the pair and both seats stay.
    func claimGame(by seat: Seat) throws(MatchError)
    /// A move of `seat` was accepted in the game being played.
    func movePlayed(by seat: Seat)
}

/// What LoggedIn tells its parent: nothing; the parent decides when the pair breaks up.
protocol LoggedInListener: AnyObject {}

/// What LoggedIn's parent asks of it: the workflow's step, and a leave.
protocol LoggedInSession: LoggedInActionableItem {
    /// `leaver` leaves the pair: a game being played is forfeited (the opponent wins and scores), with
    /// `reason` (`left` or `seatTimeout`).
    func forfeitGame(by leaver: Seat, reason: GameEndReason)
    /// Whether a game is being played: a launch then starts nothing.
    var isGameInProgress: Bool { get }
    /// The move the pair's computer is to play now in the game being played; nil when none is due.
    var computerMove: ComputerMove? { get }
}

/// LoggedIn: the pair's score and games. OffGame between games, one game at a time.
final class LoggedInInteractor: PresentableInteractor<LoggedInPresentable>, LoggedInInteractable, LoggedInSession,
    LoggedInPresentableListener
{
    weak var router: LoggedInRouting?
    weak var listener: LoggedInListener?

    private let games: [Game]
    private let mutableScoreStream: MutableScoreStream
    private var startingPlayers = StartingPlayerRotation()
    private var gameInProgress: GameSession?
    /// The game being played, for what a player may do beside its moves.
    private var gameBeingPlayed: Game?
    private var drawOffers = DrawOffers()
    private let computerPlayer: ComputerPlayer?
    private var computer: ComputerSession?

    init(presenter: LoggedInPresentable, games: [Game], mutableScoreStream: MutableScoreStream, computer: ComputerPlayer? = nil) {
        self.games = games
        self.mutableScoreStream = mutableScoreStream
        computerPlayer = computer
        super.init(presenter: presenter)
        presenter.pairListener = self
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
        gameBeingPlayed = nil
        computer = nil
        if presenter.pairListener === self { presenter.pairListener = nil }
        router?.cleanupViews()
    }

    // MARK: - OffGameListener

    func startGame(with game: Game) {
        launch(game)
    }

    // MARK: - GameListener

    func gameDidEnd(withWinner winner: Seat?) {
        gameInProgress = nil
        gameBeingPlayed = nil
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

    func forfeitGame(by leaver: Seat, reason: GameEndReason) {
        guard let game = gameInProgress else { return }
        gameInProgress = nil
        gameBeingPlayed = nil
        game.end(winner: leaver.opponent, reason: reason)
        mutableScoreStream.updateScore(withWinner: leaver.opponent)
    }

    // MARK: - LoggedInPresentableListener

    func resign(by seat: Seat) throws(MatchError) {
        _ = try gameWithResignationAndDraws()
        endGame(winner: seat.opponent, reason: .resigned)
    }

    func offerDraw(by seat: Seat) throws(MatchError) {
        let session = try gameWithResignationAndDraws()
        try drawOffers.offer(by: seat, turn: session.turn)
        presenter.presentDrawOffered(by: seat)
    }

    func answerDraw(by seat: Seat, accept: Bool) throws(MatchError) {
        _ = try gameWithResignationAndDraws()
        try drawOffers.answer(by: seat, accept: accept)
        if accept {
            endGame(winner: nil, reason: .drawAgreed)
        } else {
            presenter.presentDrawDeclined(by: seat)
        }
    }

    func claimGame(by seat: Seat) throws(MatchError) {
        guard gameInProgress != nil else { throw .wrongPhase }
        endGame(winner: seat, reason: .claimed)
    }

    func movePlayed(by seat: Seat) {
        guard gameInProgress != nil else { return }
        if drawOffers.moved(by: seat) { presenter.presentDrawOfferLapsed() }
    }

    // MARK: - Private

    private func routeToOffGame() {
        router?.routeToOffGame(with: games)
    }

    private func launch(_ game: Game) {
        let startingPlayer = startingPlayers.nextStartingPlayer()
        presenter.presentGameStarted(gameId: game.id, startingPlayer: startingPlayer)
        drawOffers = DrawOffers()
        gameBeingPlayed = game
        gameInProgress = router?.routeToGame(with: game.builder, startingPlayer: startingPlayer)
    }

    /// The game being played, if its players may resign it and agree a draw: `wrongPhase` between
    /// games, `notInThisGame` in Random Win.
    private func gameWithResignationAndDraws() throws(MatchError) -> GameSession {
        guard let gameInProgress, let gameBeingPlayed else { throw .wrongPhase }
        guard gameBeingPlayed.definition.offersResignationAndDraws else { throw .notInThisGame }
        return gameInProgress
    }

    /// Ends the game being played before its rules do, as a game ending by its rules does: the result,
    /// the score, then OffGame.
    private func endGame(winner: Seat?, reason: GameEndReason) {
        guard let game = gameInProgress else { return }
        game.end(winner: winner, reason: reason)
        gameDidEnd(withWinner: winner)
    }
}
