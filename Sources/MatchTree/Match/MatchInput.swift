import MatchWords

/// What a player (or anyone, for `launchGame`) asks of a match. Untrusted: the tree checks all of it.
public enum MatchInput: Sendable {
    /// Take the first free seat. The name is trimmed; nil or empty becomes the seat's default name.
    case login(name: String?)
    /// Start a game from OffGame. `opponentAway` is what only the host knows: whether the opponent's
    /// seat is a person's with no connection (then no game starts: nobody would play it).
    case startGame(gameId: String, opponentAway: Bool = false)
    /// A move in the game being played, as that game defines its moves. `took`: how long after its
    /// turn was told the host read it, charged to the player's clock under a time control (nil: not
    /// measured, as in a match without one).
    case play(any GameAction, took: Duration? = nil)
    /// Tutorial 4's deep link: wait until both players are logged in, then launch the game.
    /// `playerAway` is what only the host knows: whether a person's seat has no connection (then a
    /// launch that would start the game now is refused: nobody would play it).
    case launchGame(gameId: String, playerAway: Bool = false)
    /// Give up the seat; during a game the leaver forfeits it.
    case leave
    /// Nobody came back to the sender's seat within the seat timeout: the seat is given up as by
    /// `leave`, and a game being played ends with reason `seatTimeout`. Asked by the host, never by a
    /// client.
    case seatTimedOut
    /// End the game being played in the sender's favour while the opponent is away: it counts in the
    /// score, and the pair and both seats stay. `opponent` is what only the host knows.
    case claimWin(opponent: OpponentPresence)
    /// Give up the game being played (the opponent wins); the seat and the pair stay.
    case resign
    /// Offer a draw in the game being played, on one's own turn.
    case offerDraw
    /// Accept (true) or decline (false) the draw the opponent offered.
    case answerDraw(accept: Bool)
    /// Between games, offer to play `gameId` next; the opponent answers with `startGame` or
    /// `declineGame`. `opponentAway` as for `startGame`.
    case offerGame(gameId: String, opponentAway: Bool = false)
    /// Decline the game the opponent offered.
    case declineGame
    /// The sender's clock ran out (measured by the host): the game being played ends, won by the
    /// opponent, with reason `time`. Asked by the host, never by a client.
    case timeRanOut
    /// The sender, to make a move before both sides had moved, made none within the first-move window
    /// (`GameClock.firstMoveWindow`, measured by the host): the game is aborted, with reason `aborted`,
    /// no winner and no score change. Asked by the host, never by a client.
    case firstMoveMissed
    /// Seats the computer at `level` in the last free seat (the second one of a new match). Asked by the
    /// server, never by a client: no client message maps to it. The computer never leaves its seat.
    case seatComputer(level: ComputerLevel)
}

/// Where the opponent of a player who claims a game is, as the host sees it.
public enum OpponentPresence: Sendable, Hashable {
    /// A connection plays the opponent's seat (or the computer does).
    case connected
    /// The opponent's seat has had no connection for less than the claim grace.
    case awayWithinGrace
    /// The opponent's seat has had no connection for the claim grace or longer.
    case awayPastGrace
}
