import MatchWords
import RIBs

/// What LoggedIn needs from its parent.
protocol LoggedInDependency: Dependency {
    /// The view LoggedIn's children present in (LoggedIn has none of its own).
    var loggedInViewController: LoggedInViewControllable { get }
    /// Where LoggedIn presents the score and the games it starts.
    var loggedInPresenter: LoggedInPresentable { get }
    var display: MatchDisplay { get }
    /// The games the pair may play, in the order OffGame lists them.
    var games: [any GameDefinition] { get }
    var drawWinner: () -> Seat { get }
    var computerPick: ComputerPick { get }
    /// The match's time control; nil: games are played without clocks.
    var timeControl: TimeControl? { get }
}

/// LoggedIn's scope: the pair, its score, and the games it can play.
final class LoggedInComponent: Component<LoggedInDependency> {
    let player1Name: String
    let player2Name: String

    var display: MatchDisplay { dependency.display }

    var mutableScoreStream: MutableScoreStream {
        shared { ScoreStreamImpl(player1Name: player1Name, player2Name: player2Name) }
    }

    init(dependency: LoggedInDependency, player1Name: String, player2Name: String) {
        self.player1Name = player1Name
        self.player2Name = player2Name
        super.init(dependency: dependency)
    }

    /// The games, in the order OffGame shows them. Made on each call and never kept here: their
    /// builders hold this component, so a component holding them (tutorial 4's `shared` games)
    /// would be a retain cycle, leaking one LoggedIn scope per pair on a server.
    func makeGames() -> [Game] {
        dependency.games.map { Game(definition: $0, builder: $0.makeBuilder(dependency: self)) }
    }
}

/// Builds LoggedIn.
protocol LoggedInBuildable: AnyObject {
    /// LoggedIn's router, and its interactor as the parent talks to it. `computer` plays one seat of
    /// the pair (nil: two people): LoggedIn attaches Computer for it.
    func build(withListener listener: LoggedInListener, player1Name: String, player2Name: String, computer: ComputerPlayer?)
        -> (router: Routing, session: LoggedInSession)
}

final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
    func build(withListener listener: LoggedInListener, player1Name: String, player2Name: String, computer: ComputerPlayer?)
        -> (router: Routing, session: LoggedInSession)
    {
        let component = LoggedInComponent(dependency: dependency, player1Name: player1Name, player2Name: player2Name)
        let interactor = LoggedInInteractor(
            presenter: dependency.loggedInPresenter,
            games: component.makeGames(),
            mutableScoreStream: component.mutableScoreStream,
            computer: computer,
            timeControl: dependency.timeControl
        )
        interactor.listener = listener
        let router = LoggedInRouter(
            interactor: interactor,
            viewController: dependency.loggedInViewController,
            offGameBuilder: OffGameBuilder(dependency: component),
            computerBuilder: ComputerBuilder(dependency: component)
        )
        return (router, interactor)
    }
}
