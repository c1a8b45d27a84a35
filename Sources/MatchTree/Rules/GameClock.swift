import MatchWords

/// The two clocks of one game under a time control: each player's time left, and whose clock runs.
/// A rule of the match, not of any game: a game only says whose turn it is.
///
/// The first-move rule (lichess's): no clock runs until both sides have made a move. Until then the
/// side to move has `firstMoveWindow` to move (else its host aborts the game), and those moves are
/// neither charged nor given the increment, so that nobody loses time before they could see the board.
///
/// The clock knows no wall time. Its host measures how long each move took (from telling the turn to
/// reading the move) and the tree charges it here, so that a replayed log charges the same.
public struct GameClock: Sendable, Hashable {
    /// How long the side to move has for a move made before both sides have moved, unless the server
    /// is told otherwise (`--first-move-seconds`, for tests). Each such turn gets the whole window: a
    /// Kalah extra turn before the opponent's first move starts a fresh one.
    public static let firstMoveWindow = Duration.seconds(30)

    /// The match's time control.
    public let control: TimeControl
    /// `player1`'s time left, as of when its clock last stopped or started.
    public private(set) var player1: Duration
    /// `player2`'s time left, likewise.
    public private(set) var player2: Duration
    /// The seat whose clock runs; nil before both sides have moved, and once the game is over.
    public private(set) var running: Seat?
    /// Before both sides have moved, the seat to move (no clock runs, and it has `firstMoveWindow`);
    /// nil otherwise.
    public private(set) var awaitingFirstMove: Seat?
    /// Before both sides have moved, the seat that has (nil: neither yet): once the other moves too,
    /// the clocks run.
    private var movedFirst: Seat?

    /// Both clocks at `control`'s initial time, `running`'s started (no first-move window: both sides
    /// are taken to have moved already).
    public init(control: TimeControl, running: Seat?) {
        self.control = control
        player1 = control.initial
        player2 = control.initial
        self.running = running
    }

    /// A game's clocks as it starts: both at `control`'s initial time, none running, `firstToMove` to
    /// make the first move within `firstMoveWindow`.
    public init(control: TimeControl, firstToMove: Seat) {
        self.control = control
        player1 = control.initial
        player2 = control.initial
        running = nil
        awaitingFirstMove = firstToMove
    }

    /// The seat to move whose time is kept: the running clock's, or the one awaited for a first move.
    public var toMove: Seat? { running ?? awaitingFirstMove }

    /// `seat`'s time left, as of when its clock last stopped or started.
    public func remaining(_ seat: Seat) -> Duration {
        seat == .player1 ? player1 : player2
    }

    /// Whether `seat` has run out of time if its move took `took`: a clock that reaches exactly zero has
    /// run out, so a move has to arrive before it does.
    public func hasRunOut(_ seat: Seat, after took: Duration) -> Bool {
        running == seat && took >= remaining(seat)
    }

    /// `seat` moved after `took`: its clock loses `took` (never below zero) and gains the increment, and
    /// `next`'s clock runs (the same seat for an extra turn, nil once the game is over). A move made
    /// before both sides have moved costs nothing and earns nothing; the clocks run once both have.
    public mutating func charge(_ seat: Seat, took: Duration, next: Seat?) {
        if awaitingFirstMove == seat {
            let bothMoved = movedFirst == seat.opponent
            movedFirst = bothMoved ? nil : seat
            awaitingFirstMove = bothMoved ? nil : next
            running = bothMoved ? next : nil
            return
        }
        set(seat, max(.zero, remaining(seat) - took) + control.increment)
        running = next
    }

    /// `seat`'s clock ran out: it shows zero and both stop.
    public mutating func flag(_ seat: Seat) {
        set(seat, .zero)
        running = nil
        awaitingFirstMove = nil
    }

    /// The game ended otherwise, `elapsed` after the running clock started: that clock is charged it
    /// (never below zero, no increment: no move was made), and both stop there.
    public mutating func stop(after elapsed: Duration = .zero) {
        if let running { set(running, max(.zero, remaining(running) - max(.zero, elapsed))) }
        running = nil
        awaitingFirstMove = nil
    }

    /// Each clock `elapsed` after the running one started: what a client is told (never below zero).
    public func reading(after elapsed: Duration) -> (player1: Duration, player2: Duration) {
        let spent = max(.zero, elapsed)
        return (
            running == .player1 ? max(.zero, player1 - spent) : player1,
            running == .player2 ? max(.zero, player2 - spent) : player2
        )
    }

    /// What is left of a first-move window of `window` `elapsed` after the awaited move's turn was told;
    /// nil when no first move is awaited.
    public func firstMoveLeft(after elapsed: Duration, window: Duration = firstMoveWindow) -> Duration? {
        awaitingFirstMove.map { _ in max(.zero, window - max(.zero, elapsed)) }
    }

    private mutating func set(_ seat: Seat, _ time: Duration) {
        if seat == .player1 { player1 = time } else { player2 = time }
    }
}
