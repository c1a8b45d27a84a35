import MatchWords
import RIBs

/// What Root's interactor asks of its router.
protocol RootRouting: ViewableRouting {
    /// Detaches the child attached, then attaches LoggedOut with `seatedPlayers` already seated.
    func routeToLoggedOut(seatedPlayers: [SeatedPlayer]) -> LoggedOutSeating
    /// Detaches the child attached, then attaches LoggedIn for the pair, `computer` playing one of them.
    func routeToLoggedIn(player1Name: String, player2Name: String, computer: ComputerPlayer?) -> LoggedInSession
    /// Detaches the child attached (the match is torn down).
    func detachCurrentChild()
}

/// What Root's interactor asks of its view.
protocol RootPresentable: AnyObject {
    var listener: RootPresentableListener? { get set }
    /// A `launchGame` was taken: its workflow runs now, or once the pair is complete.
    func presentLaunchQueued(gameId: GameID)
}

/// What Root tells the match's host: nothing yet (a match ends when its host tears it down).
protocol RootListener: AnyObject {}

/// Where the match's host sends deep links: tutorial 4's `UrlHandler`, for `launchGame`.
protocol UrlHandler: AnyObject {
    /// Runs a `LaunchGameWorkflow` for `gameId`; throws, starting nothing, `unknownGame` for an id
    /// that names no game, and `opponentAway` when it would start the game now while `playerAway`.
    func launchGame(withId gameId: String, playerAway: Bool) throws(MatchError)
}

/// What the match's host asks of the tree about the computer.
protocol ComputerTurns: AnyObject {
    /// The move the computer is to play now, nil when none is due.
    var computerMove: ComputerMove? { get }
}

/// Root: shows LoggedOut until a pair is seated, then LoggedIn until one of them leaves.
final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable, RootPresentableListener,
    RootActionableItem, UrlHandler, WorkflowReporting, ComputerTurns
{
    weak var router: RootRouting?
    weak var listener: RootListener?

    private enum Stage {
        case noChild
        case loggedOut(LoggedOutSeating)
        case loggedIn(LoggedInSession, pair: [SeatedPlayer])
    }

    /// The ids of the games the match offers: a `launchGame` for another id is refused.
    private let knownGames: [GameID]
    private var stage = Stage.noChild
    /// A launch waits for the pair to complete; set until the pair logs in or the match is torn down.
    private var launchWaitsForPair = false
    /// The latest launch's workflow: it has run (or waits for the pair, then no other is taken), so the
    /// next taken launch cancels it, and Root holds one launch subscription however many come.
    private var launchSubscription: Subscription?
    /// The latest launch's workflow while its steps run (they hold it): weak, so that a workflow that
    /// finished or was cancelled leaves Root's description on its own.
    private weak var launchWorkflow: LaunchGameWorkflow?
    // Reset whenever the pair breaks up, so that a waiting workflow gets the next pair's LoggedIn.
    private let loggedInActionableItemRelay = ReplayRelay<LoggedInActionableItem>()

    init(presenter: RootPresentable, knownGames: [GameID]) {
        self.knownGames = knownGames
        super.init(presenter: presenter)
        presenter.listener = self
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        // LoggedOut on load, as the tutorial's RootRouter; asked from here to keep LoggedOut's seats.
        whenLoaded(router) { [weak self] in self?.routeToLoggedOut(seatedPlayers: []) }
    }

    override func willResignActive() {
        super.willResignActive()
        stage = .noChild
        launchWaitsForPair = false
        launchSubscription = nil
        loggedInActionableItemRelay.reset()
        router?.detachCurrentChild()
    }

    // MARK: - LoggedOutListener

    func didLogin(player1Name: String, player2Name: String) {
        let computer: ComputerPlayer? = if case .loggedOut(let seating) = stage { seating.seatedComputer } else { nil }
        guard let session = router?.routeToLoggedIn(player1Name: player1Name, player2Name: player2Name, computer: computer) else {
            return
        }
        let pair = [(Seat.player1, player1Name), (Seat.player2, player2Name)].map { seat, name in
            SeatedPlayer(seat: seat, name: name, computer: computer?.seat == seat ? computer?.level : nil)
        }
        stage = .loggedIn(session, pair: pair)
        // The waiting launch runs on this accept; a launch after it starts (or waits) afresh.
        launchWaitsForPair = false
        loggedInActionableItemRelay.accept(session)
    }

    // MARK: - RootPresentableListener

    func leave(seat: Seat, reason: GameEndReason) throws(MatchError) {
        switch stage {
        case .noChild:
            throw .notSeated
        case .loggedOut(let seating):
            try seating.freeSeat(seat)
        case .loggedIn(let session, let pair):
            session.forfeitGame(by: seat, reason: reason)
            loggedInActionableItemRelay.reset()
            routeToLoggedOut(seatedPlayers: pair.filter { $0.seat != seat })
        }
    }

    // MARK: - RootActionableItem

    func waitForLogin() -> Observable<(LoggedInActionableItem, Void)> {
        loggedInActionableItemRelay.asObservable().map { ($0, ()) }
    }

    // MARK: - UrlHandler

    func launchGame(withId gameId: String, playerAway: Bool) throws(MatchError) {
        let gameId = GameID(rawValue: gameId)
        guard knownGames.contains(gameId) else { throw .unknownGame }
        if case .loggedIn(let session, _) = stage, session.isGameInProgress {
            // A game being played is not interrupted: the launch would start nothing, so it is not taken
            // (nothing recorded), and a client repeating `launchGame` during a game cannot grow the log.
            return
        }
        // A game started against an empty seat would only be claimed: as for `startGame`, refused.
        if isPairComplete, playerAway { throw .opponentAway }
        if !isPairComplete {
            // The waiting launch decides what starts once the pair is complete (a later one would find
            // that game in progress), so a repeat is not taken: nothing happened, nothing is recorded,
            // and a client repeating `launchGame` while it waits cannot grow the match's log.
            guard !launchWaitsForPair else { return }
            launchWaitsForPair = true
        }
        // Presented before the workflow runs, so that the host hears of the launch before its outcome.
        presenter.presentLaunchQueued(gameId: gameId)
        // Bound to Root's activeness: a workflow still waiting when the match is torn down dies with it.
        // The previous launch's has run; cancelled, it leaves the interactor's bag on this insert.
        launchSubscription?.cancel()
        let workflow = LaunchGameWorkflow(gameId: gameId)
        launchWorkflow = workflow
        launchSubscription =
            workflow
            .subscribe(self)
            .disposeOnDeactivate(interactor: self)
    }

    // MARK: - ComputerTurns

    var computerMove: ComputerMove? {
        guard case .loggedIn(let session, _) = stage else { return nil }
        return session.computerMove
    }

    // MARK: - WorkflowReporting

    var waitingWorkflows: [WorkflowDescription] {
        guard let progress = launchWorkflow?.progress, progress.waitingStep != nil else { return [] }
        return [progress]
    }

    // MARK: - Private

    private var isPairComplete: Bool {
        if case .loggedIn = stage { true } else { false }
    }

    private func routeToLoggedOut(seatedPlayers: [SeatedPlayer]) {
        guard let seating = router?.routeToLoggedOut(seatedPlayers: seatedPlayers) else { return }
        stage = .loggedOut(seating)
    }
}
