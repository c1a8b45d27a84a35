import MatchWords
import RIBs

/// A game a match can offer: tutorial 4's `Game` protocol, opened to games that live in their own
/// modules. A game brings its id, the name OffGame shows, and the builder of its RIB; the match is
/// given the games it offers when it is made, in the order OffGame lists them.
public protocol GameDefinition: Sendable {
    /// The id a client sends to start it.
    var id: GameID { get }
    /// The name shown to people.
    var name: String { get }
    /// The builder of the game's RIB, in LoggedIn's scope.
    func makeBuilder(dependency: GameDependency) -> GameBuildable
    /// Whether a player may resign a game of it or offer a draw: not in a game decided by one roll.
    var offersResignationAndDraws: Bool { get }
    /// Whether its games are played under the match's time control: not a game decided by one roll.
    var playsUnderClock: Bool { get }
}

extension GameDefinition {
    /// Most games can be resigned and drawn by agreement.
    public var offersResignationAndDraws: Bool { true }
    /// Most games have turns, and a clock for each player.
    public var playsUnderClock: Bool { true }
}

/// A move in a game, as the game defines its moves (a mark on a cell, a roll, a disc in a column).
/// The match hands it to the game being played, which refuses a move of another game (`wrongPhase`).
public protocol GameAction: Sendable {
    /// The id of the game the move belongs to.
    var game: GameID { get }
}

/// What LoggedIn's scope gives every game.
public protocol GameDependency: Dependency {
    /// Where the game's view shows its events.
    var display: MatchDisplay { get }
    /// The match's random source: draws a seat, once per call. A game that draws must draw only through
    /// it, so that a replayed log draws the same.
    var drawWinner: () -> Seat { get }
}

/// Builds a game's RIB: what every game's builder is to LoggedIn.
public protocol GameBuildable: AnyObject {
    /// The game's router, and the running game for LoggedIn to end early.
    func build(withListener listener: GameListener, startingPlayer: Seat) -> (router: ViewableRouting, session: GameSession)
}

/// What a game tells LoggedIn.
public protocol GameListener: AnyObject {
    /// The game is over and its result presented; `winner` nil is a draw.
    func gameDidEnd(withWinner winner: Seat?)
}

/// What LoggedIn asks of a running game.
public protocol GameSession: AnyObject {
    /// The game ends before its rules end it (a player left, resigned, was claimed against, or both
    /// agreed to a draw): it presents `winner` (nil: a draw) with `reason` and accepts nothing more.
    /// It does not tell its listener, which ends the game itself. Does nothing once the game is over.
    func end(winner: Seat?, reason: GameEndReason)

    /// The seat whose turn it is; nil when either may act (Random Win's roll) or the game is over.
    var turn: Seat? { get }

    /// The move the computer playing `seat` at `level` makes now, chosen by the game's rules (`pick`
    /// chooses among moves they find equally good); nil when `seat` has nothing to play (not its
    /// turn, or the game is over). Changes nothing: the move is played like a person's, through the
    /// game's view.
    func computerAction(for seat: Seat, level: ComputerLevel, pick: ComputerPick) -> (any GameAction)?
}

/// A game's view as the match delivers a player's move to it, the way a tap reaches an iOS view.
public protocol GameViewControllable: ViewControllable {
    /// `seat` plays `action`. Throws, changing nothing: `wrongPhase` for a move of another game, else
    /// the game's own refusals.
    func play(_ action: any GameAction, by seat: Seat) throws(MatchError)
}
