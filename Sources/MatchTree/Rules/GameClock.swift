import MatchWords

/// The two clocks of one game under a time control: each player's time left, and whose clock runs.
/// A rule of the match, not of any game: a game only says whose turn it is.
///
/// The clock knows no wall time. Its host measures how long each move took (from telling the turn to
/// reading the move) and the tree charges it here, so that a replayed log charges the same.
public struct GameClock: Sendable, Hashable {
    /// The match's time control.
    public let control: TimeControl
    /// `player1`'s time left, as of when its clock last stopped or started.
    public private(set) var player1: Duration
    /// `player2`'s time left, likewise.
    public private(set) var player2: Duration
    /// The seat whose clock runs; nil once the game is over.
    public private(set) var running: Seat?

    /// Both clocks at `control`'s initial time, `running`'s started.
    public init(control: TimeControl, running: Seat?) {
        self.control = control
        player1 = control.initial
        player2 = control.initial
        self.running = running
    }

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
    /// `next`'s clock runs (the same seat for an extra turn, nil once the game is over).
    public mutating func charge(_ seat: Seat, took: Duration, next: Seat?) {
        set(seat, max(.zero, remaining(seat) - took) + control.increment)
        running = next
    }

    /// `seat`'s clock ran out: it shows zero and both stop.
    public mutating func flag(_ seat: Seat) {
        set(seat, .zero)
        running = nil
    }

    /// The game ended otherwise: both clocks stop where they are.
    public mutating func stop() {
        running = nil
    }

    /// Each clock `elapsed` after the running one started: what a client is told (never below zero).
    public func reading(after elapsed: Duration) -> (player1: Duration, player2: Duration) {
        let spent = max(.zero, elapsed)
        return (
            running == .player1 ? max(.zero, player1 - spent) : player1,
            running == .player2 ? max(.zero, player2 - spent) : player2
        )
    }

    private mutating func set(_ seat: Seat, _ time: Duration) {
        if seat == .player1 { player1 = time } else { player2 = time }
    }
}
