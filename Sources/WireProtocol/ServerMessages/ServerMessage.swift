/// A message the server sends over a match's WebSocket (PROTOCOL.md, "Server to client").
///
/// Messages sent to every connection of a match carry `v`, the match's event version, which grows by
/// exactly 1 per such message. Write one with ``jsonText()``, read one with ``WireDecodable/decode(_:)``.
public enum ServerMessage: WireDecodable, Hashable {
    /// The first message on a connection, and the answer to `resume` and `sync`: the connection's seat
    /// (`nil` for a spectator, written `{"seat": null}`) and the whole state.
    case welcome(you: WireSeat?, snapshot: WireSnapshot, v: Int)
    /// To the connection that logged in or resumed: its seat, name and secret token. No `v`. (Extension,
    /// issue 41) No token (absent) when a signed-in player's `login` resumed the seat of its account:
    /// the server keeps only the token's hash, and the account comes back by signing in.
    case seated(seat: WireSeat, name: String, token: String?)
    /// The active RIB changed.
    case screen(WireScreen, v: Int)
    /// A pair logged in (its 0-0) or the score changed.
    case score(WireScore, v: Int)
    /// A game started or a move was accepted.
    case board(WireBoard, v: Int)
    /// A game ended: the winner (`nil` for a draw), the places that won as its game names them (a
    /// grid game's `[row, col]` each), `nil` if none, and (extension) why it ended; (extension) in a
    /// game played under clocks, its final `clock` (as a board's, nothing running), else `nil` (absent);
    /// (extension, issue 42) in a rated game, both seats' `ratings`, else `nil` (absent).
    case gameOver(winner: WireSeat?, line: [[Int]]?, reason: String, v: Int, clock: WireValue? = nil, ratings: WireRatings? = nil)
    /// (Extension.) `seat` offered a draw.
    case drawOffered(seat: WireSeat, v: Int)
    /// (Extension.) `seat` declined the draw its opponent offered.
    case drawDeclined(seat: WireSeat, v: Int)
    /// (Extension.) Between games, `seat` offered to play `gameId` next.
    case gameOffered(seat: WireSeat, gameId: String, v: Int)
    /// (Extension.) `seat` declined the game its opponent offered.
    case gameDeclined(seat: WireSeat, v: Int)
    /// (Extension.) The player of `seat` said one of the fixed phrases (`ChatPhrase`, by id).
    case chat(seat: WireSeat, phrase: String, v: Int)
    /// Someone connected, disconnected, logged in or left.
    case presence(players: [WirePlayer], spectators: Int, v: Int)
    /// To the sender only: what was wrong, as a code and a sentence for a person. No `v`.
    case error(code: ErrorCode, message: String)

    /// An `error` message with the code's default sentence.
    public static func error(_ code: ErrorCode) -> ServerMessage {
        .error(code: code, message: code.defaultMessage)
    }

    /// The value of the `type` field for this message.
    public var type: String {
        switch self {
        case .welcome: "welcome"
        case .seated: "seated"
        case .screen: "screen"
        case .score: "score"
        case .board: "board"
        case .gameOver: "gameOver"
        case .drawOffered: "drawOffered"
        case .drawDeclined: "drawDeclined"
        case .gameOffered: "gameOffered"
        case .gameDeclined: "gameDeclined"
        case .chat: "chat"
        case .presence: "presence"
        case .error: "error"
        }
    }

    /// The match's event version `v`, or nil for the messages sent to one connection without it
    /// (`seated`, `error`).
    public var version: Int? {
        switch self {
        case .welcome(_, _, let v), .screen(_, let v), .score(_, let v), .board(_, let v),
            .gameOver(_, _, _, let v, _, _), .presence(_, _, let v), .drawOffered(_, let v), .drawDeclined(_, let v),
            .gameOffered(_, _, let v), .gameDeclined(_, let v), .chat(_, _, let v):
            v
        case .seated, .error:
            nil
        }
    }
}
