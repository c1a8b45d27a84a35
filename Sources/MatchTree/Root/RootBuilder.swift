import MatchWords
import RIBs

/// What the match gives the tree (the tutorial's `AppComponent`).
protocol RootDependency: Dependency {
    /// Where every view of the tree shows its events.
    var display: MatchDisplay { get }
    /// The games the match offers, in the order OffGame lists them.
    var games: [any GameDefinition] { get }
    /// The match's random source, for the games that draw.
    var drawWinner: () -> Seat { get }
    /// How the computer picks among moves its game finds equally good.
    var computerPick: ComputerPick { get }
    /// The match's time control, under which every game with turns is played; nil: no clocks.
    var timeControl: TimeControl? { get }
}

/// Root's scope: the window's root view, shared with the children that present through it.
final class RootComponent: Component<RootDependency> {
    let rootViewController: RootViewController

    var display: MatchDisplay { dependency.display }

    init(dependency: RootDependency, rootViewController: RootViewController) {
        self.rootViewController = rootViewController
        super.init(dependency: dependency)
    }
}

/// Builds the tree of a match.
protocol RootBuildable: AnyObject {
    /// The router to launch, the deep-link handler (tutorial 4's `UrlHandler`), and what tells the
    /// computer's moves.
    func build() -> (launchRouter: LaunchRouting, urlHandler: UrlHandler, computerTurns: ComputerTurns)
}

final class RootBuilder: Builder<RootDependency>, RootBuildable {
    func build() -> (launchRouter: LaunchRouting, urlHandler: UrlHandler, computerTurns: ComputerTurns) {
        let viewController = RootViewController(display: dependency.display)
        let component = RootComponent(dependency: dependency, rootViewController: viewController)
        let interactor = RootInteractor(presenter: viewController, knownGames: dependency.games.map(\.id))
        let router = RootRouter(
            interactor: interactor,
            viewController: viewController,
            loggedOutBuilder: LoggedOutBuilder(dependency: component),
            loggedInBuilder: LoggedInBuilder(dependency: component)
        )
        return (router, interactor, interactor)
    }
}
