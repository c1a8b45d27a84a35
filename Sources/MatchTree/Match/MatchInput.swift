import MatchWords

/// What a player (or anyone, for `launchGame`) asks of a match. Untrusted: the tree checks all of it.
public enum MatchInput: Sendable {
    /// Take the first free seat. The name is trimmed; nil or empty becomes the seat's default name.
    case login(name: String?)
    case startGame(gameId: String)
    /// A move in the game being played, as that game defines its moves.
    case play(any GameAction)
    /// Tutorial 4's deep link: wait until both players are logged in, then launch the game.
    case launchGame(gameId: String)
    /// Give up the seat; during a game the leaver forfeits it.
    case leave
    /// End the game being played now, as the opponent's seat timeout would: the opponent forfeits it
    /// and leaves. `opponentAway` is what only the host knows: whether the opponent's seat has no
    /// connection (only then may the win be claimed).
    case claimWin(opponentAway: Bool)
    /// Seats the computer at `level` in the last free seat (the second one of a new match). Asked by the
    /// server, never by a client: no client message maps to it. The computer never leaves its seat.
    case seatComputer(level: ComputerLevel)
}
