import MatchWords

/// Why an input was refused. A refused input never changes the match.
public enum MatchError: Error, Sendable, Hashable {
    case badName
    case notSeated
    case alreadySeated
    case matchFull
    case notYourTurn
    case cellTaken
    case outOfBounds
    case wrongPhase
    case unknownGame
    /// `claimWin` while the opponent is connected.
    case opponentConnected
}
