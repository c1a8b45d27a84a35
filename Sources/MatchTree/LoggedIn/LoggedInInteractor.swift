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
    /// The game's clocks changed: a game started, a move was charged, or they stopped.
    func present(clock: GameClock?)
    /// How long the running clock has run when the input being delivered arrived, as its host measured
    /// it; nil when not measured (no clock runs, or a match without clocks). A game ending other than by
    /// a move charges it, so that its final clocks are those of the moment it ended.
    var clockRan: Duration? { get }
}

extension LoggedInPresentable {
    /// A presenter that measures no time (a test's) charges nothing at a game's end.
    var clockRan: Duration? { nil }
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
    /// Throws `wrongPhase` when `seat`'s clock has run out if its move took `took`: the move came too
    /// late and is not played (its host ends the game by time).
    func checkTime(of seat: Seat, took: Duration) throws(MatchError)
    /// A move of `seat` was accepted in the game being played, `took` after its turn was told (nil: not
    /// measured, a match without clocks).
    func movePlayed(by seat: Seat, took: Duration?)
    /// `seat`'s clock ran out in the game being played (its host measured it): the opponent wins.
    /// Throws `wrongPhase` when no clock of `seat` runs.
    func timeRanOut(for seat: Seat) throws(MatchError)
    /// `seat`, to make a move before both sides had moved, made none within the first-move window (its
    /// host measured it): the game is aborted, nobody wins and the score stays. Throws `wrongPhase`
    /// when no first move of `seat` is awaited.
    func firstMoveMissed(by seat: Seat) throws(MatchError)
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
    /// The match's time control; nil: no clocks.
    private let timeControl: TimeControl?
    /// The clocks of the game being played, or of the last one (stopped), under a time control.
    private var clock: GameClock?

    init(
        presenter: LoggedInPresentable, games: [Game], mutableScoreStream: MutableScoreStream, computer: ComputerPlayer? = nil,
        timeControl: TimeControl? = nil
    ) {
        self.games = games
        self.mutableScoreStream = mutableScoreStream
        computerPlayer = computer
        self.timeControl = timeControl
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
        // A game ends by its rules only on a move: `movePlayed` charges it and stops the clocks then.
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
        stopClock()
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

    func checkTime(of seat: Seat, took: Duration) throws(MatchError) {
        guard gameInProgress != nil, let clock, clock.hasRunOut(seat, after: took) else { return }
        throw .wrongPhase
    }

    func movePlayed(by seat: Seat, took: Duration?) {
        // Charged whether or not the move ended the game (then no clock runs after it): the final
        // board shows what each player had left.
        if var clock, clock.toMove == seat {
            clock.charge(seat, took: took ?? .zero, next: gameInProgress?.turn)
            self.clock = clock
            presenter.present(clock: clock)
        }
        guard gameInProgress != nil else { return }
        if drawOffers.moved(by: seat) { presenter.presentDrawOfferLapsed() }
    }

    func timeRanOut(for seat: Seat) throws(MatchError) {
        guard gameInProgress != nil, var clock, clock.running == seat else { throw .wrongPhase }
        clock.flag(seat)
        self.clock = clock
        presenter.present(clock: clock)
        endGame(winner: seat.opponent, reason: .time)
    }

    func firstMoveMissed(by seat: Seat) throws(MatchError) {
        guard let game = gameInProgress, clock?.awaitingFirstMove == seat else { throw .wrongPhase }
        stopClock()
        game.end(winner: nil, reason: .aborted)
        // No score change: an aborted game counts for nobody, not even as a draw.
        gameInProgress = nil
        gameBeingPlayed = nil
        routeToOffGame()
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
        // Both clocks start full with every game, and none runs until both sides have moved (the first-
        // move rule). A match without a time control presents none: nothing about clocks reaches its
        // clients.
        if let timeControl {
            clock = game.definition.playsUnderClock ? GameClock(control: timeControl, firstToMove: startingPlayer) : nil
            presenter.present(clock: clock)
        }
        gameInProgress = router?.routeToGame(with: game.builder, startingPlayer: startingPlayer)
    }

    /// The game is over: the running clock is charged what it ran until now (its host measured it), and
    /// both stop there (and stay on the final board).
    private func stopClock() {
        guard var clock, clock.toMove != nil else { return }
        clock.stop(after: presenter.clockRan ?? .zero)
        self.clock = clock
        presenter.present(clock: clock)
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
        stopClock()
        game.end(winner: winner, reason: reason)
        gameDidEnd(withWinner: winner)
    }
}
