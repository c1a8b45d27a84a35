import MatchWords

/// Enough to draw the whole match without any earlier event.
public struct MatchSnapshot: Sendable, Hashable {
    public var phase: Phase
    public var players: [SeatedPlayer]
    /// nil in `loggedOut`.
    public var score: Score?
    /// The board of the game presented, nil unless a game that shows one is presented.
    public var board: AnyGameBoard?
    /// Between games, how the last game of the pair ended, so that its final board stays on every
    /// screen (and a player who was away learns what happened) until the next game starts.
    public var lastGame: FinishedGame?
    /// The offer that waits for an answer: a draw during a game, the next game between games.
    public var offer: StandingOffer?
    /// The clocks of the game being played, as of when the running one started; between games, those
    /// of the last game, stopped. nil in a match (or a game) without them.
    public var clock: GameClock?

    public init(
        phase: Phase, players: [SeatedPlayer], score: Score?, board: AnyGameBoard?, lastGame: FinishedGame? = nil,
        offer: StandingOffer? = nil
    ) {
        self.phase = phase
        self.players = players
        self.score = score
        self.board = board
        self.lastGame = lastGame
        self.offer = offer
    }
}

/// A game as it ended.
public struct FinishedGame: Sendable, Hashable {
    public var game: GameID
    /// nil for a draw.
    public var winner: Seat?
    public var reason: GameEndReason
    /// What won, as `MatchEvent.gameOver` gives it.
    public var line: [[Int]]?
    /// The final board, for a game that shows one.
    public var board: AnyGameBoard?

    public init(game: GameID, winner: Seat?, reason: GameEndReason, line: [[Int]]?, board: AnyGameBoard?) {
        self.game = game
        self.winner = winner
        self.reason = reason
        self.line = line
        self.board = board
    }
}

/// An offer one player made to the other, which waits for an answer.
public enum StandingOffer: Sendable, Hashable {
    /// `seat` offered a draw in the game being played.
    case draw(by: Seat)
    /// `seat` offered to play `GameID` next.
    case game(GameID, by: Seat)
}
