extension ServerMessage {
    private enum CodingKeys: String, CodingKey {
        case type, v, you, snapshot, seat, name, token, winner, line, players, spectators, code, message
    }

    private enum YouKeys: String, CodingKey {
        case seat
    }

    /// Writes the message as one object: `type`, the fields, then `v` where the message has one.
    /// `screen`, `score` and `board` write their value's fields at the top level, next to `type`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(version, forKey: .v)
        switch self {
        case .welcome(let you, let snapshot, _):
            var youContainer = container.nestedContainer(keyedBy: YouKeys.self, forKey: .you)
            // Encoding the optional itself (not encodeIfPresent) writes an explicit null.
            try youContainer.encode(you, forKey: .seat)
            try container.encode(snapshot, forKey: .snapshot)
        case .seated(let seat, let name, let token):
            try container.encode(seat, forKey: .seat)
            try container.encode(name, forKey: .name)
            try container.encode(token, forKey: .token)
        case .screen(let screen, _):
            try screen.encode(to: encoder)
        case .score(let score, _):
            try score.encode(to: encoder)
        case .board(let board, _):
            try board.encode(to: encoder)
        case .gameOver(let winner, let line, _):
            try container.encode(winner, forKey: .winner)
            try container.encode(line, forKey: .line)
        case .presence(let players, let spectators, _):
            try container.encode(players, forKey: .players)
            try container.encode(spectators, forKey: .spectators)
        case .error(let code, let message):
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
        }
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
                token: try container.decode(String.self, forKey: .token)
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
                v: try version()
            )
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
