// The one reader of server messages (tests, tools, bots): `ServerMessage.decode(_:)` from
// `WireDecodable` runs it through `JSONDecoder`. The one writer is `jsonText()`; the golden tests pin
// the writer's text and check that this reads it back.

extension ServerMessage {
    private enum CodingKeys: String, CodingKey {
        case type, v, you, snapshot, seat, name, token, winner, line, reason, gameId, players, spectators, code, message, phrase, clock,
            ratings
    }

    private enum YouKeys: String, CodingKey {
        case seat
    }

    /// Reads a message by its `type`. Fields PROTOCOL.md shows as `null` must be present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        func version() throws -> Int { try container.decode(Int.self, forKey: .v) }
        switch type {
        case "welcome":
            let you = try container.nestedContainer(keyedBy: YouKeys.self, forKey: .you)
            self = .welcome(
                you: try you.decode(WireSeat?.self, forKey: .seat),
                snapshot: try container.decode(WireSnapshot.self, forKey: .snapshot),
                v: try version()
            )
        case "seated":
            self = .seated(
                seat: try container.decode(WireSeat.self, forKey: .seat),
                name: try container.decode(String.self, forKey: .name),
                token: try container.decodeIfPresent(String.self, forKey: .token)
            )
        case "screen":
            self = .screen(try WireScreen(from: decoder), v: try version())
        case "score":
            self = .score(try WireScore(from: decoder), v: try version())
        case "board":
            self = .board(try WireBoard(from: decoder), v: try version())
        case "gameOver":
            self = .gameOver(
                winner: try container.decode(WireSeat?.self, forKey: .winner),
                line: try container.decode([[Int]]?.self, forKey: .line),
                reason: try container.decode(String.self, forKey: .reason),
                v: try version(),
                clock: try container.decodeIfPresent(WireValue.self, forKey: .clock),
                ratings: try container.decodeIfPresent(WireRatings.self, forKey: .ratings)
            )
        case "drawOffered":
            self = .drawOffered(seat: try container.decode(WireSeat.self, forKey: .seat), v: try version())
        case "drawDeclined":
            self = .drawDeclined(seat: try container.decode(WireSeat.self, forKey: .seat), v: try version())
        case "gameOffered":
            self = .gameOffered(
                seat: try container.decode(WireSeat.self, forKey: .seat), gameId: try container.decode(String.self, forKey: .gameId),
                v: try version())
        case "gameDeclined":
            self = .gameDeclined(seat: try container.decode(WireSeat.self, forKey: .seat), v: try version())
        case "chat":
            self = .chat(
                seat: try container.decode(WireSeat.self, forKey: .seat), phrase: try container.decode(String.self, forKey: .phrase),
                v: try version())
        case "presence":
            self = .presence(
                players: try container.decode([WirePlayer].self, forKey: .players),
                spectators: try container.decode(Int.self, forKey: .spectators),
                v: try version()
            )
        case "error":
            self = .error(
                code: try container.decode(ErrorCode.self, forKey: .code),
                message: try container.decode(String.self, forKey: .message)
            )
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "There is no message type \"\(type)\"."
            )
        }
    }
}
