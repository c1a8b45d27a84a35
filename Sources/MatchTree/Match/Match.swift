import MatchWords
import RIBs

/// One match: a RIB tree (Root, LoggedOut, LoggedIn, OffGame and the games it offers) launched in a
/// window whose views turn what they present into `MatchEvent`s.
///
/// Not Sendable: the actor that owns a match is the only one to use it. Synchronous, with no I/O.
public final class Match {
    private let window = MatchWindow()
    private var tree: (launchRouter: LaunchRouting, urlHandler: UrlHandler, computerTurns: ComputerTurns)?
    private let knownGames: [GameID]

    /// Launches the tree: the match starts in `loggedOut` with both seats free.
    /// - Parameters:
    ///   - games: the games OffGame offers, in its order; their ids must differ.
    ///   - drawWinner: the random source of the games that draw, called once per draw (the server
    ///     replays recorded draws through it).
    ///   - computerPick: how a computer seated in the match picks among moves its game finds equally
    ///     good (its moves are recorded as played, so a replay does not pick again).
    ///   - timeControl: the match's clocks, under which every game with turns is played; nil: none.
    public init(
        games: [any GameDefinition], timeControl: TimeControl? = nil, drawWinner: @escaping () -> Seat,
        computerPick: @escaping ComputerPick = randomComputerPick
    ) {
        precondition(Set(games.map(\.id)).count == games.count, "Two games of a match have the same id.")
        knownGames = games.map(\.id)
        let component = MatchComponent(
            display: window.display, games: games, drawWinner: drawWinner, computerPick: computerPick, timeControl: timeControl)
        let tree = RootBuilder(dependency: component).build()
        self.tree = tree
        tree.launchRouter.launch(from: window)
        // What the launch presented is in `snapshot`; `apply` returns only what its input caused.
        _ = window.display.drain()
    }

    deinit {
        tearDown()
    }

    /// Applies one input from `seat` (nil: a connection without a seat). Returns what happened, in
    /// order. A refused input throws and changes nothing (no event, no state change).
    /// - Parameter clockRan: how long the running clock had run when the input arrived (its host
    ///   measured it): charged to it if the input ends the game without a move (a resignation, a claim,
    ///   an agreed draw, a leave), so that the final clocks are those of that moment. nil: none.
    public func apply(_ input: MatchInput, by seat: Seat?, clockRan: Duration? = nil) throws(MatchError) -> [MatchEvent] {
        guard let tree, let rootViewController = window.rootViewController as? RootViewController else {
            throw .wrongPhase
        }
        rootViewController.clockRan = clockRan
        defer { rootViewController.clockRan = nil }
        try MatchInputDispatch(rootViewController: rootViewController, urlHandler: tree.urlHandler, knownGames: knownGames)
            .deliver(input, by: seat)
        return window.display.drain()
    }

    /// The move the computer seated in the match is to play now: nil when no computer is seated, no
    /// game is being played, or it is not the computer's turn. Its host plays it, as `apply(.play(…),
    /// by: move.seat)`, after a pause.
    public var computerMove: ComputerMove? { tree?.computerTurns.computerMove }

    /// What is presented now: enough to draw the whole match.
    public var snapshot: MatchSnapshot { window.display.snapshot }

    /// The RIB tree as it is now, from Root down, with the workflows waiting; nil once torn down.
    /// Names and activeness only: no seat token or other secret is in it.
    public var ribTree: RIBDescription? { tree?.launchRouter.describe() }

    /// Detaches every RIB and cancels waiting workflows. After it, and once the Match is released,
    /// no router, interactor, component or view of this tree is alive. `apply` after it throws
    /// `wrongPhase`.
    public func tearDown() {
        guard let tree else { return }
        self.tree = nil
        // Root's deactivation detaches its child (which detaches its own) and cancels the workflows.
        tree.launchRouter.interactable.deactivate()
        window.clear()
        _ = window.display.drain()
    }
}
