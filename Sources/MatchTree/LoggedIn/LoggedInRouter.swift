import MatchWords
import RIBs

/// What LoggedIn's router drives: LoggedIn's interactor, which listens to OffGame and the games.
protocol LoggedInInteractable: Interactable, OffGameListener, GameListener, ComputerListener {
    var router: LoggedInRouting? { get set }
    var listener: LoggedInListener? { get set }
}

/// The view LoggedIn's children are shown in: its parent's, LoggedIn having none.
protocol LoggedInViewControllable: ChildViewHosting {}

final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
    private let viewController: LoggedInViewControllable
    private let offGameBuilder: OffGameBuildable
    private let computerBuilder: ComputerBuildable
    private var currentChild: Routing?
    /// Computer, beside the child shown, for as long as the pair plays.
    private var computer: Routing?

    init(
        interactor: LoggedInInteractable, viewController: LoggedInViewControllable, offGameBuilder: OffGameBuildable,
        computerBuilder: ComputerBuildable
    ) {
        self.viewController = viewController
        self.offGameBuilder = offGameBuilder
        self.computerBuilder = computerBuilder
        super.init(interactor: interactor)
        interactor.router = self
    }

    // MARK: - LoggedInRouting

    func routeToOffGame(with games: [Game]) {
        let offGame = offGameBuilder.build(withListener: interactor, games: games)
        replaceChild(&currentChild, with: offGame, in: viewController)
    }

    func routeToGame(with builder: GameBuildable, startingPlayer: Seat) -> GameSession {
        let game = builder.build(withListener: interactor, startingPlayer: startingPlayer)
        replaceChild(&currentChild, with: game.router, in: viewController)
        return game.session
    }

    func attachComputer(_ player: ComputerPlayer) -> ComputerSession {
        let built = computerBuilder.build(withListener: interactor, player: player)
        if let previous = computer { detachChild(previous) }
        computer = built.router
        attachChild(built.router)
        return built.session
    }

    func cleanupViews() {
        replaceChild(&currentChild, with: nil, in: viewController)
        if let computer {
            self.computer = nil
            detachChild(computer)
        }
    }
}
