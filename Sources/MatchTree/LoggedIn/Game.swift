import RIBs

/// A game LoggedIn can launch (tutorial 4's `Game`): its id, the name OffGame shows, its builder.
struct Game {
    let id: GameID
    let builder: GameBuildable

    var name: String { id.displayName }
}

/// Builds a game's RIB: what every game's builder is to LoggedIn.
protocol GameBuildable: AnyObject {
    /// The game's router, and the running game for LoggedIn to end early.
    func build(withListener listener: GameListener, startingPlayer: Seat)
        -> (router: ViewableRouting, session: GameSession)
}

/// What a game tells LoggedIn.
protocol GameListener: AnyObject {
    /// The game is over and its result presented; `winner` nil is a draw.
    func gameDidEnd(withWinner winner: Seat?)
}

/// What LoggedIn asks of a running game.
protocol GameSession: AnyObject {
    /// `leaver` gave up: the game presents the opponent as winner and accepts nothing more. It does
    /// not tell its listener, which ends the game itself.
    func forfeit(by leaver: Seat)
}
