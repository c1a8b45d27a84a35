import RIBs

/// What the match gives the tree (the tutorial's `AppComponent`).
protocol RootDependency: Dependency {
    /// Where every view of the tree shows its events.
    var display: MatchDisplay { get }
    /// The games the match offers, in the order OffGame lists them.
    var games: [any GameDefinition] { get }
    /// The match's random source, for the games that draw.
    var drawWinner: () -> Seat { get }
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
    /// The router to launch, and the deep-link handler (tutorial 4's `UrlHandler`).
    func build() -> (launchRouter: LaunchRouting, urlHandler: UrlHandler)
}

final class RootBuilder: Builder<RootDependency>, RootBuildable {
    func build() -> (launchRouter: LaunchRouting, urlHandler: UrlHandler) {
        let viewController = RootViewController(display: dependency.display)
        let component = RootComponent(dependency: dependency, rootViewController: viewController)
        let interactor = RootInteractor(presenter: viewController, knownGames: dependency.games.map(\.id))
        let router = RootRouter(
            interactor: interactor,
            viewController: viewController,
            loggedOutBuilder: LoggedOutBuilder(dependency: component),
            loggedInBuilder: LoggedInBuilder(dependency: component)
        )
        return (router, interactor)
    }
}
