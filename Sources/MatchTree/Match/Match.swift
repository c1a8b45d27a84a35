import RIBs

/// One match: a RIB tree (Root, LoggedOut, LoggedIn, OffGame, TicTacToe, RandomWin) launched in a
/// window whose views turn what they present into `MatchEvent`s.
///
/// Not Sendable: the actor that owns a match is the only one to use it. Synchronous, with no I/O.
public final class Match {
    private let window = MatchWindow()
    private var tree: (launchRouter: LaunchRouting, urlHandler: UrlHandler)?

    /// Launches the tree: the match starts in `loggedOut` with both seats free.
    /// - Parameter drawWinner: RandomWin's random source, called once per roll (the server replays
    ///   recorded draws through it).
    public init(drawWinner: @escaping () -> Seat) {
        let component = MatchComponent(display: window.display, drawWinner: drawWinner)
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
    public func apply(_ input: MatchInput, by seat: Seat?) throws(MatchError) -> [MatchEvent] {
        guard let tree, let rootViewController = window.rootViewController as? RootViewController else {
            throw .wrongPhase
        }
        try MatchInputDispatch(rootViewController: rootViewController, urlHandler: tree.urlHandler)
            .deliver(input, by: seat)
        return window.display.drain()
    }

    /// What is presented now: enough to draw the whole match.
    public var snapshot: MatchSnapshot { window.display.snapshot }

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
