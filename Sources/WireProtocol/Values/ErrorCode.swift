/// The code of an `error` message or an HTTP error body (PROTOCOL.md, "Error codes").
public enum ErrorCode: String, Codable, Hashable, Sendable, CaseIterable {
    /// Not JSON, no or unknown `type`, or a missing or mistyped field.
    case badMessage
    /// A name longer than 24 characters or with control characters.
    case badName
    /// The action needs a seat and the connection has none.
    case notSeated
    /// `login` from a connection that already has a seat.
    case alreadySeated
    /// `login` when both seats are taken.
    case matchFull
    /// A move by the player whose turn it is not.
    case notYourTurn
    /// A move on a place that cannot take it: a marked cell, a full column, an empty pit.
    case cellTaken
    /// A move on a place the game's board does not have.
    case outOfBounds
    /// An action the current phase does not accept.
    case wrongPhase
    /// A `gameId` that names no game.
    case unknownGame
    /// A `resume` token that belongs to no seat of this match.
    case badToken
    /// More than 20 messages in one second.
    case rateLimited
    /// No match has that id (HTTP 404).
    case matchNotFound
    /// (Extension.) `claimWin` while the opponent's seat has a connection.
    case opponentConnected
    /// (Extension.) `claimWin` before the claim grace has passed; a draw offered again too soon after
    /// the last one was declined.
    case tooEarly
    /// (Extension.) `startGame` or `offerGame` while the opponent's seat has no connection.
    case opponentAway
    /// (Extension.) `acceptDraw`, `declineDraw` or `declineGame` with no offer of the opponent standing.
    case noOffer
    /// (Extension.) `offerDraw` or `offerGame` while an offer waits for an answer.
    case alreadyOffered
    /// (Extension.) `login` or `resume` on a connection opened to watch only (`/ws/{id}?watch=1`): to
    /// play, reconnect without `watch`.
    case watchOnly
    /// (Extension.) `POST /api/passkeys/register/options` with a name an account already has (the same
    /// after case folding and Unicode normalisation).
    case nameTaken
    /// (Extension.) An account route without a valid session, or a passkey sign-in that failed.
    case notSignedIn
    /// (Extension.) `POST /api/blocks` with a name no account has.
    case playerNotFound

    /// A sentence for a person that the server can send with this code; a game gives its own for the
    /// moves it refuses.
    public var defaultMessage: String {
        switch self {
        case .badMessage: "The message could not be understood."
        case .badName: "A name must be at most 24 characters long and contain no control characters."
        case .notSeated: "You need a seat in this match to do that."
        case .alreadySeated: "You already have a seat in this match."
        case .matchFull: "Both seats of this match are taken."
        case .notYourTurn: "It is not your turn."
        case .cellTaken: "That place cannot be played."
        case .outOfBounds: "That place is not on the board."
        case .wrongPhase: "That is not possible at this point of the match."
        case .unknownGame: "There is no game with that id."
        case .badToken: "That token does not belong to a seat of this match."
        case .rateLimited: "You are sending too many messages; slow down."
        case .matchNotFound: "There is no match with that id."
        case .opponentConnected: "Your opponent is connected: the win can be claimed only while their seat has no connection."
        case .tooEarly: "It is too early for that; wait a little."
        case .opponentAway: "Your opponent is away: a game can start only while they are connected."
        case .noOffer: "There is no offer from your opponent to answer."
        case .alreadyOffered: "An offer is already waiting for an answer."
        case .watchOnly: "This connection only watches: reconnect without ?watch=1 to take a seat."
        case .nameTaken: "That name belongs to a registered player; choose another."
        case .notSignedIn: "You are not signed in."
        case .playerNotFound: "There is no registered player with that name."
        }
    }
}
