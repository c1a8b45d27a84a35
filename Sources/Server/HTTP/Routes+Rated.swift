import GameUnits
import Hummingbird
import MatchWords
import WebSocketTransport
import WireProtocol

/// Who may ask for a rated match (issue 42), by `POST /api/matches` or the queue: a signed-in player,
/// for a game that is rated, on a server that keeps ratings.
extension Routes {
    /// Refuses a rated match of `gameID` (nil: the pair picks the game, and only rated games count):
    /// `400 badMessage` for a game that is never rated (Random Win), `401 notSignedIn` for a guest,
    /// `503` when the store cannot keep ratings (read-only). The caller refused the computer already.
    func checkRatedRequest(of gameID: GameID?, _ request: Request, _ context: AppRequestContext) async throws {
        if let gameID, let game = registry.games.game(gameID), !game.isRated {
            refused("a rated match of a game never rated, answered 400", match: nil, context)
            throw APIError(
                .badRequest, .badMessage,
                "\(game.name) is never rated: chance decides it, not the players. Ask for it unrated, or for another game rated.")
        }
        guard ratings != nil else {
            throw APIError(.serviceUnavailable, .notSignedIn, "This server cannot keep ratings: its store is read-only.")
        }
        _ = try await signedIn(request, context)
    }
}
