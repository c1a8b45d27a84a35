/// A message a client sends over the match's WebSocket (PROTOCOL.md, "Client to server").
///
/// Read one with a ``ClientMessageReader`` (which knows the games' messages), write one with ``encoded()``.
public enum ClientMessage: Hashable, Sendable {
    /// Take a free seat. `name` may be absent (`nil`) or empty; the server trims it and picks a default.
    case login(name: String?)
    /// Take back the seat the token belongs to, on this connection.
    case resume(token: String)
    /// Start a game from the OffGame screen.
    case startGame(gameId: String)
    /// A move in the game being played (`move` for Tic Tac Toe, `roll` for Random Win…), as its game
    /// defines the message.
    case play(GameMessage)
    /// Run the launch workflow for a game id: wait for both players, then launch it.
    case launchGame(gameId: String)
    /// Give up the seat (forfeiting a game in progress).
    case leave
    /// (Extension.) End the game now as if the opponent's seat, which has no connection, had timed out.
    case claimWin
    /// Ask for a fresh `welcome`.
    case sync
    /// (Extension.) Give up the game being played; the seat stays.
    case resign
    /// (Extension.) Offer a draw in the game being played.
    case offerDraw
    /// (Extension.) Accept the draw the opponent offered.
    case acceptDraw
    /// (Extension.) Decline the draw the opponent offered.
    case declineDraw
    /// (Extension.) Between games, offer to play `gameId` next.
    case offerGame(gameId: String)
    /// (Extension.) Decline the game the opponent offered.
    case declineGame
    /// (Extension.) A seated player's word to everyone in the match: one of the fixed phrases
    /// (`ChatPhrase`), by id. Read as any string: the server says which ids there are.
    case chat(phrase: String)

    /// The value of the `type` field for this message.
    public var type: String {
        switch self {
        case .login: "login"
        case .resume: "resume"
        case .startGame: "startGame"
        case .play(let message): message.type
        case .launchGame: "launchGame"
        case .leave: "leave"
        case .claimWin: "claimWin"
        case .sync: "sync"
        case .resign: "resign"
        case .offerDraw: "offerDraw"
        case .acceptDraw: "acceptDraw"
        case .declineDraw: "declineDraw"
        case .offerGame: "offerGame"
        case .declineGame: "declineGame"
        case .chat: "chat"
        }
    }

    /// The message as the JSON text of one WebSocket frame, `type` first. An absent login name is
    /// left out rather than written as `null`.
    public func encoded() -> String {
        let prefix = "{\"type\":\(type.jsonStringLiteral)"
        switch self {
        case .login(name: nil), .leave, .claimWin, .sync, .resign, .offerDraw, .acceptDraw, .declineDraw, .declineGame:
            return prefix + "}"
        case .login(name: let name?):
            return prefix + ",\"name\":\(name.jsonStringLiteral)}"
        case .resume(let token):
            return prefix + ",\"token\":\(token.jsonStringLiteral)}"
        case .startGame(let gameId), .launchGame(let gameId), .offerGame(let gameId):
            return prefix + ",\"gameId\":\(gameId.jsonStringLiteral)}"
        case .chat(let phrase):
            return prefix + ",\"phrase\":\(phrase.jsonStringLiteral)}"
        case .play(let message):
            return message.fields.reduce(prefix) { text, field in
                switch field.value {
                case .integer(let value): text + ",\(field.name.jsonStringLiteral):\(value)"
                case .string(let value): text + ",\(field.name.jsonStringLiteral):\(value.jsonStringLiteral)"
                }
            } + "}"
        }
    }
}
