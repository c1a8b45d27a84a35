import MatchWords

/// Enough to draw the whole match without any earlier event.
public struct MatchSnapshot: Sendable, Hashable {
    public var phase: Phase
    public var players: [SeatedPlayer]
    /// nil in `loggedOut`.
    public var score: Score?
    /// The board of the game presented, nil unless a game that shows one is presented.
    public var board: AnyGameBoard?

    public init(phase: Phase, players: [SeatedPlayer], score: Score?, board: AnyGameBoard?) {
        self.phase = phase
        self.players = players
        self.score = score
        self.board = board
    }
}
