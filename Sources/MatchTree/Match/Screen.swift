import MatchWords

/// A screen as a presented RIB shows it.
public enum Screen: Sendable, Hashable {
    case loggedOut(freeSeats: [Seat])
    case offGame(games: [GameListing])
    /// A game's screen: its board for a game that shows one, nil for one without (Random Win).
    case playing(GameID, board: AnyGameBoard?)

    /// A game's screen with its board.
    public static func playing(_ game: GameID, board: some GameBoard) -> Screen { .playing(game, board: AnyGameBoard(board)) }

    public var phase: Phase {
        switch self {
        case .loggedOut: .loggedOut
        case .offGame: .offGame
        case .playing(let game, _): .playing(game)
        }
    }
}
