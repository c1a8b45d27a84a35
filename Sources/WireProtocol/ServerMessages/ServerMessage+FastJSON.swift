// The server's messages are written once per change and read by every test client, bot and load
// generator, so both directions have a direct path here that skips Foundation's Codable machinery:
// `encoded()` writes the exact text `JSONEncoder` writes (keys sorted, slashes unescaped; the tests
// compare the two), and `decode(_:)` reads through the module's strict parser with the rules of the
// `Decodable` conformance (fields shown as `null` must be present). The `Codable` conformance stays
// for generic users. docs/PERFORMANCE.md has the measurements that motivated this.

extension ServerMessage {
    /// The message as compact JSON text, keys sorted: the same text as `WireCodable.encoded()`, about
    /// ten times faster.
    public func encoded() -> String {
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
            out.raw(#","token":"#)
            out.string(token)
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
            case .ticTacToe(let board):
                out.raw(#"{"board":"#)
                out.board(board)
                out.raw(#","name":"ticTacToe""#)
            case .randomWin:
                out.raw(#"{"name":"randomWin""#)
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
            out.raw("{")
            out.boardFields(board)
            out.raw(#","type":"board","v":"#)
            out.integer(v)
            out.raw("}")
        case .gameOver(let winner, let line, let v):
            out.raw(#"{"line":"#)
            if let line {
                out.raw("[")
                for (index, cell) in line.enumerated() {
                    if index > 0 { out.raw(",") }
                    out.raw("[")
                    for (inner, value) in cell.enumerated() {
                        if inner > 0 { out.raw(",") }
                        out.integer(value)
                    }
                    out.raw("]")
                }
                out.raw("]")
            } else {
                out.raw("null")
            }
            out.raw(#","type":"gameOver","v":"#)
            out.integer(v)
            out.raw(#","winner":"#)
            out.seat(winner)
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

    /// Reads a message by its `type`, as the `Decodable` conformance does (fields PROTOCOL.md shows as
    /// `null` must be present, unknown fields are ignored), without Foundation's decoder.
    /// - Parameter text: the JSON text of one message.
    /// - Returns: the message, or why it could not be read.
    public static func decode(_ text: String) -> Result<ServerMessage, WireDecodingError> {
        Result { () throws(WireDecodingError) in
            let root = try JSONParser.parse(text)
            return try ServerMessage(reading: JSONReader(root, path: ""))
        }
    }

    private init(reading message: JSONReader) throws(WireDecodingError) {
        let type = try message.string("type")
        switch type {
        case "welcome":
            let you = try message.object("you")
            self = .welcome(you: try you.optionalSeat("seat"), snapshot: try WireSnapshot(reading: message.object("snapshot")), v: try message.integer("v"))
        case "seated":
            self = .seated(seat: try message.seat("seat"), name: try message.string("name"), token: try message.string("token"))
        case "screen":
            let screen: WireScreen
            switch try message.string("name") {
            case "loggedOut": screen = .loggedOut(freeSeats: try message.array("freeSeats").map { (seat) throws(WireDecodingError) in try seat.asSeat() })
            case "offGame":
                screen = .offGame(games: try message.array("games").map { (game) throws(WireDecodingError) in
                    let game = try game.asObject()
                    return WireGame(id: try game.string("id"), name: try game.string("name"))
                })
            case "ticTacToe": screen = .ticTacToe(board: try WireBoard(reading: message.object("board")))
            case "randomWin": screen = .randomWin
            default: throw message.wrongValue("name")
            }
            self = .screen(screen, v: try message.integer("v"))
        case "score":
            self = .score(try WireScore(reading: message), v: try message.integer("v"))
        case "board":
            self = .board(try WireBoard(reading: message), v: try message.integer("v"))
        case "gameOver":
            let line = try message.optionalArray("line")?.map { (cell) throws(WireDecodingError) in
                try cell.asArray().map { (value) throws(WireDecodingError) in try value.asInteger() }
            }
            self = .gameOver(winner: try message.optionalSeat("winner"), line: line, v: try message.integer("v"))
        case "presence":
            self = .presence(
                players: try message.array("players").map { (player) throws(WireDecodingError) in try WirePlayer(reading: player.asObject()) },
                spectators: try message.integer("spectators"),
                v: try message.integer("v")
            )
        case "error":
            guard let code = ErrorCode(rawValue: try message.string("code")) else { throw message.wrongValue("code") }
            self = .error(code: code, message: try message.string("message"))
        default:
            throw WireDecodingError.unknownType(type)
        }
    }
}

extension WireSnapshot {
    fileprivate init(reading object: JSONReader) throws(WireDecodingError) {
        guard let phase = WirePhase(rawValue: try object.string("phase")) else { throw object.wrongValue("phase") }
        self.init(
            phase: phase,
            players: try object.array("players").map { (player) throws(WireDecodingError) in try WirePlayer(reading: player.asObject()) },
            score: try object.optionalObject("score").map { (score) throws(WireDecodingError) in try WireScore(reading: score) },
            board: try object.optionalObject("board").map { (board) throws(WireDecodingError) in try WireBoard(reading: board) },
            spectators: try object.integer("spectators")
        )
    }
}

extension WirePlayer {
    fileprivate init(reading object: JSONReader) throws(WireDecodingError) {
        self.init(seat: try object.seat("seat"), name: try object.string("name"), connected: try object.bool("connected"))
    }
}

extension WireScore {
    fileprivate init(reading object: JSONReader) throws(WireDecodingError) {
        func entry(_ key: String) throws(WireDecodingError) -> Entry {
            let entry = try object.object(key)
            return Entry(name: try entry.string("name"), wins: try entry.integer("wins"))
        }
        self.init(player1: try entry("player1"), player2: try entry("player2"), draws: try object.integer("draws"))
    }
}

extension WireBoard {
    fileprivate init(reading object: JSONReader) throws(WireDecodingError) {
        let cells = try object.array("cells").map { (cell) throws(WireDecodingError) in try cell.asOptionalSeat() }
        let last = try object.optionalObject("last").map { (last) throws(WireDecodingError) in
            WireMove(row: try last.integer("row"), col: try last.integer("col"), seat: try last.seat("seat"))
        }
        self.init(cells: cells, turn: try object.optionalSeat("turn"), last: last)
    }
}

/// A parsed JSON value with the path that led to it, read with the checks of a `Decodable` type:
/// missing and mistyped fields fail with a sentence naming the field.
private struct JSONReader {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    private func child(_ key: String) throws(WireDecodingError) -> JSONReader {
        guard case .object(let members) = value else { throw mistyped(path) }
        let childPath = path.isEmpty ? key : path + "." + key
        guard let member = members[key] else { throw WireDecodingError(message: "The field \"\(childPath)\" is missing.") }
        return JSONReader(member, path: childPath)
    }

    private func mistyped(_ path: String) -> WireDecodingError {
        path.isEmpty ? .notAnObject : WireDecodingError(message: "The field \"\(path)\" has the wrong type.")
    }

    func wrongValue(_ key: String) -> WireDecodingError {
        WireDecodingError(message: "The field \"\(path.isEmpty ? key : path + "." + key)\" has an unknown value.")
    }

    func string(_ key: String) throws(WireDecodingError) -> String { try child(key).asString() }
    func integer(_ key: String) throws(WireDecodingError) -> Int { try child(key).asInteger() }
    func bool(_ key: String) throws(WireDecodingError) -> Bool { try child(key).asBool() }
    func seat(_ key: String) throws(WireDecodingError) -> WireSeat { try child(key).asSeat() }
    func optionalSeat(_ key: String) throws(WireDecodingError) -> WireSeat? { try child(key).asOptionalSeat() }
    func object(_ key: String) throws(WireDecodingError) -> JSONReader { try child(key).asObject() }
    func array(_ key: String) throws(WireDecodingError) -> [JSONReader] { try child(key).asArray() }

    func optionalObject(_ key: String) throws(WireDecodingError) -> JSONReader? {
        let member = try child(key)
        return member.value == .null ? nil : try member.asObject()
    }

    func optionalArray(_ key: String) throws(WireDecodingError) -> [JSONReader]? {
        let member = try child(key)
        return member.value == .null ? nil : try member.asArray()
    }

    func asString() throws(WireDecodingError) -> String {
        guard case .string(let string) = value else { throw mistyped(path) }
        return string
    }

    func asInteger() throws(WireDecodingError) -> Int {
        guard case .number(let number) = value, let integer = number.integerValue else { throw mistyped(path) }
        return integer
    }

    func asBool() throws(WireDecodingError) -> Bool {
        guard case .bool(let bool) = value else { throw mistyped(path) }
        return bool
    }

    func asSeat() throws(WireDecodingError) -> WireSeat {
        guard let seat = WireSeat(rawValue: try asString()) else { throw WireDecodingError(message: "The field \"\(path)\" has an unknown value.") }
        return seat
    }

    func asOptionalSeat() throws(WireDecodingError) -> WireSeat? {
        value == .null ? nil : try asSeat()
    }

    func asObject() throws(WireDecodingError) -> JSONReader {
        guard case .object = value else { throw mistyped(path) }
        return self
    }

    func asArray() throws(WireDecodingError) -> [JSONReader] {
        guard case .array(let elements) = value else { throw mistyped(path) }
        return elements.enumerated().map { JSONReader($1, path: path + "." + String($0)) }
    }
}

/// Builds compact JSON text the way `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
/// writes it; the callers write the keys in sorted order.
private struct JSONTextWriter {
    private(set) var text = ""

    init() {
        text.reserveCapacity(192)
    }

    mutating func raw(_ piece: String) { text += piece }

    mutating func integer(_ value: Int) { text += String(value) }

    mutating func bool(_ value: Bool) { text += value ? "true" : "false" }

    mutating func seat(_ seat: WireSeat?) {
        switch seat {
        case .player1: text += #""player1""#
        case .player2: text += #""player2""#
        case nil: text += "null"
        }
    }

    /// A string literal, escaped as Foundation's writer escapes it.
    mutating func string(_ value: String) {
        value.appendJSONStringLiteral(to: &text)
    }

    mutating func players(_ players: [WirePlayer]) {
        text += "["
        for (index, player) in players.enumerated() {
            if index > 0 { text += "," }
            text += #"{"connected":"#
            bool(player.connected)
            text += #","name":"#
            string(player.name)
            text += #","seat":"#
            seat(player.seat)
            text += "}"
        }
        text += "]"
    }

    /// `"draws":…,"player1":{…},"player2":{…}`, without braces.
    mutating func scoreFields(_ score: WireScore) {
        text += #""draws":"#
        integer(score.draws)
        text += #","player1":{"name":"#
        string(score.player1.name)
        text += #","wins":"#
        integer(score.player1.wins)
        text += #"},"player2":{"name":"#
        string(score.player2.name)
        text += #","wins":"#
        integer(score.player2.wins)
        text += "}"
    }

    mutating func board(_ board: WireBoard) {
        text += "{"
        boardFields(board)
        text += "}"
    }

    /// `"cells":[…],"last":…,"turn":…`, without braces.
    mutating func boardFields(_ board: WireBoard) {
        text += #""cells":["#
        for (index, cell) in board.cells.enumerated() {
            if index > 0 { text += "," }
            seat(cell)
        }
        text += #"],"last":"#
        if let last = board.last {
            text += #"{"col":"#
            integer(last.col)
            text += #","row":"#
            integer(last.row)
            text += #","seat":"#
            seat(last.seat)
            text += "}"
        } else {
            text += "null"
        }
        text += #","turn":"#
        seat(board.turn)
    }

    mutating func snapshot(_ snapshot: WireSnapshot) {
        text += #"{"board":"#
        if let board = snapshot.board { self.board(board) } else { text += "null" }
        text += #","phase":"#
        string(snapshot.phase.rawValue)
        text += #","players":"#
        players(snapshot.players)
        text += #","score":"#
        if let score = snapshot.score {
            text += "{"
            scoreFields(score)
            text += "}"
        } else {
            text += "null"
        }
        text += #","spectators":"#
        integer(snapshot.spectators)
        text += "}"
    }
}
