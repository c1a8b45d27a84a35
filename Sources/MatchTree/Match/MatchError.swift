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
    /// `claimWin` before the opponent has been away for the claim grace; a draw offered again too soon
    /// after the last one was declined.
    case tooEarly
    /// `startGame` or `offerGame` while the opponent's seat has no connection.
    case opponentAway
    /// Accepting or declining an offer when none from the opponent stands.
    case noOffer
    /// An offer while one is standing already.
    case alreadyOffered
    /// Resigning or offering a draw in a game that has neither (Random Win).
    case notInThisGame
}
