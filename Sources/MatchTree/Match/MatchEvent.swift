import MatchWords

/// What a match tells everyone (or, for `seated`, the one who logged in), in the order it happened.
public enum MatchEvent: Sendable, Hashable {
    /// A login took `seat`: only the connection that logged in is told (with its token, by the host).
    case seated(SeatedPlayer)
    /// The taken seats changed (a login or a leave).
    case playersChanged([SeatedPlayer])
    /// A game began (LoggedIn routed to it), with the seat that moves first. Not a wire message:
    /// the host logs it; clients learn of the game from the `screen` and `board` that follow.
    case gameStarted(gameId: GameID, startingPlayer: Seat)
    /// Root took a `launchGame`: its workflow runs now, or once the pair is complete. Not a wire
    /// message: the host records it so that a replay takes it too. A repeat while a launch waits for
    /// the pair is not taken and emits nothing (the waiting one decides what starts).
    case launchQueued(gameId: GameID)
    case screen(Screen)
    case score(Score)
    /// A game started or a move was accepted: the board as its game shows it.
    case board(AnyGameBoard)
    /// A game ended. `winner` nil is a draw; `line` is what won, as its game numbers its places (for a
    /// game won by a line on a grid, `[row, column]` of each cell in reading order), else nil; `reason`
    /// is why it ended.
    case gameOver(winner: Seat?, line: [[Int]]?, reason: GameEndReason)
    /// `seat` offered a draw in the game being played.
    case drawOffered(Seat)
    /// `seat` declined the draw its opponent offered.
    case drawDeclined(Seat)
    /// The draw offer standing lapsed: the opponent of the seat that offered it moved instead of
    /// answering. Not a wire message (the protocol lapses an offer silently): the snapshot forgets the
    /// offer, and a replay reaches the same state by replaying the move.
    case drawOfferLapsed
    /// Between games, `seat` offered to play `gameId` next.
    case gameOffered(Seat, GameID)
    /// `seat` declined the game its opponent offered.
    case gameDeclined(Seat)
    /// The clocks of the game changed (a game started, a move was charged, a clock ran out, the game
    /// ended), nil for a game played without them. Not a wire message: every board carries the clocks.
    case clock(GameClock?)

    /// A board as the game shows it.
    public static func board(_ board: some GameBoard) -> MatchEvent { .board(AnyGameBoard(board)) }
}
