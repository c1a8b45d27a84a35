// The one writer of server messages: the server sends what `jsonText()` returns. It writes the text
// directly rather than through `JSONEncoder`, whose cost per message stood out in the server's profile
// (docs/PERFORMANCE.md); the golden tests pin its exact text for every kind of message.

extension ServerMessage {
    /// The message as the compact JSON text of one WebSocket frame: keys in sorted order, `null` for
    /// the fields PROTOCOL.md shows as `null`, slashes and non-ASCII characters as they are, and only
    /// `"`, `\` and control characters escaped.
    public func jsonText() -> String {
        var out = JSONTextWriter()
        switch self {
        case .welcome(let you, let snapshot, let v):
            out.raw(#"{"snapshot":"#)
            out.snapshot(snapshot)
            out.raw(#","type":"welcome","v":"#)
            out.integer(v)
            out.raw(#","you":{"seat":"#)
            out.seat(you)
            out.raw("}}")
        case .seated(let seat, let name, let token):
            out.raw(#"{"name":"#)
            out.string(name)
            out.raw(#","seat":"#)
            out.seat(seat)
            if let token {
                out.raw(#","token":"#)
                out.string(token)
            }
            out.raw(#","type":"seated"}"#)
        case .screen(let screen, let v):
            switch screen {
            case .loggedOut(let freeSeats):
                out.raw(#"{"freeSeats":["#)
                for (index, seat) in freeSeats.enumerated() {
                    if index > 0 { out.raw(",") }
                    out.seat(seat)
                }
                out.raw(#"],"name":"loggedOut""#)
            case .offGame(let games):
                out.raw(#"{"games":["#)
                for (index, game) in games.enumerated() {
                    if index > 0 { out.raw(",") }
                    out.raw(#"{"id":"#)
                    out.string(game.id)
                    out.raw(#","name":"#)
                    out.string(game.name)
                    out.raw("}")
                }
                out.raw(#"],"name":"offGame""#)
            case .playing(let gameId, let board):
                if let board {
                    out.raw(#"{"board":"#)
                    out.board(board)
                    out.raw(#","name":"#)
                } else {
                    out.raw(#"{"name":"#)
                }
                out.string(gameId)
            }
            out.raw(#","type":"screen","v":"#)
            out.integer(v)
            out.raw("}")
        case .score(let score, let v):
            out.raw("{")
            out.scoreFields(score)
            out.raw(#","type":"score","v":"#)
            out.integer(v)
            out.raw("}")
        case .board(let board, let v):
            // The game's fields with `type` and `v`, in sorted order as every message's keys are.
            out.object(board.fields, merging: [("type", .string("board")), ("v", .integer(v))])
        case .gameOver(let winner, let line, let reason, let v, let clock, let ratings):
            // `clock` sorts first; absent without clocks, so that such a `gameOver` is as before.
            if let clock {
                out.raw(#"{"clock":"#)
                out.value(clock)
                out.raw(#","line":"#)
            } else {
                out.raw(#"{"line":"#)
            }
            out.line(line)
            // `ratings` sorts between `line` and `reason`; absent in an unrated game, as before.
            if let ratings {
                out.raw(#","ratings":"#)
                out.value(ratings.wireValue)
            }
            out.raw(#","reason":"#)
            out.string(reason)
            out.raw(#","type":"gameOver","v":"#)
            out.integer(v)
            out.raw(#","winner":"#)
            out.seat(winner)
            out.raw("}")
        case .drawOffered(let seat, let v), .drawDeclined(let seat, let v), .gameDeclined(let seat, let v):
            out.raw(#"{"seat":"#)
            out.seat(seat)
            out.raw(#","type":"#)
            out.string(type)
            out.raw(#","v":"#)
            out.integer(v)
            out.raw("}")
        case .gameOffered(let seat, let text, let v), .chat(let seat, let text, let v):
            // A seat and one string, whose key sorts before "seat": `gameId` or `phrase`.
            let key = if case .chat = self { "phrase" } else { "gameId" }
            out.raw(#"{""# + key + #"":"#)
            out.string(text)
            out.raw(#","seat":"#)
            out.seat(seat)
            out.raw(#","type":"#)
            out.string(type)
            out.raw(#","v":"#)
            out.integer(v)
            out.raw("}")
        case .presence(let players, let spectators, let v):
            out.raw(#"{"players":"#)
            out.players(players)
            out.raw(#","spectators":"#)
            out.integer(spectators)
            out.raw(#","type":"presence","v":"#)
            out.integer(v)
            out.raw("}")
        case .error(let code, let message):
            out.raw(#"{"code":"#)
            out.string(code.rawValue)
            out.raw(#","message":"#)
            out.string(message)
            out.raw(#","type":"error"}"#)
        }
        return out.text
    }
}
