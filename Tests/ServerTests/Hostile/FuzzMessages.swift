import AllGames
import Foundation
import GameUnits
import GridGames
import MatchTree
import MatchWords
import RandomWin
import Synchronization
import Testing
import TicTacToe
import WireProtocol

@testable import Server

// What the fuzz test sends, and what the server must answer to each: random and mutated client
// messages, each generated together with its meaning (the message the server must decode it to, a
// `badMessage`, or a frame that closes the connection), so the answer can be predicted.

/// SplitMix64: the same seed gives the same sequence.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &self)] }

    /// A generator for a sub-task, derived from this one's sequence.
    mutating func split() -> SeededGenerator { SeededGenerator(seed: next()) }
}

/// The run's seed: `HOSTILE_FUZZ_SEED` when set, else a random one. Printed, so a failure can be replayed.
enum FuzzSeed {
    static func current() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["HOSTILE_FUZZ_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 1...UInt64.max)
    }
}

/// How the server answers one message.
enum Answer: Hashable, Sendable, CustomStringConvertible {
    /// No `error`: the message was applied (for `login` and `resume`: a `seated` came; for `sync`: a `welcome`).
    case accepted
    case error(ErrorCode)
    /// The server closed the connection with this code.
    case closed(Int)

    var description: String {
        switch self {
        case .accepted: "accepted"
        case .error(let code): code.rawValue
        case .closed(let code): "closed \(code)"
        }
    }
}

/// What the server must make of a frame.
enum Meaning: Sendable {
    /// Decodes to this message.
    case message(ClientMessage)
    /// Cannot be decoded: `badMessage`.
    case badMessage
    /// Closes the connection with this code.
    case closes(Int)
}

/// One generated input and what it means.
struct FuzzInput: Sendable {
    enum Frames: Sendable {
        case text(String)
        /// A text message in fragments (a text frame, then continuations).
        case fragments([[UInt8]])
        /// One text frame whose bytes may not be UTF-8.
        case textBytes([UInt8])
        case binary([UInt8])
    }

    let frames: Frames
    let meaning: Meaning
    /// What kind of input this is, for the report.
    let label: String

    func send(to client: TestClient) {
        switch frames {
        case .text(let text): client.sendRaw(text)
        case .textBytes(let bytes): client.sendFrame(opcode: .text, bytes)
        case .binary(let bytes): client.sendBinary(bytes)
        case .fragments(let parts):
            for (index, part) in parts.enumerated() {
                client.sendFrame(opcode: index == 0 ? .text : .continuation, fin: index == parts.count - 1, part)
            }
        }
    }

    var text: String? { if case .text(let text) = frames { text } else { nil } }
}

/// The tokens the fuzz clients know: their own, honest players' of other matches, dead ones.
final class TokenPool: Sendable {
    struct Entry: Sendable {
        let matchID: String
        let seat: WireSeat
        let token: String
        var isDead = false
    }

    /// What resuming with a token must give, as far as anyone can know before sending it.
    enum Class: Equatable {
        /// Not a live token of this match: certainly `badToken`.
        case useless
        /// A token of `seat` of this match that was alive when last heard of.
        case alive(WireSeat)
    }

    private let entries = Mutex<[String: Entry]>([:])

    func add(matchID: String, seat: WireSeat, token: String) {
        entries.withLock { $0[token] = Entry(matchID: matchID, seat: seat, token: token) }
    }

    /// The seat left: its token is dead for good.
    func kill(_ token: String) {
        entries.withLock { $0[token]?.isDead = true }
    }

    func classify(_ token: String, in matchID: String) -> Class {
        guard let entry = entries.withLock({ $0[token] }), entry.matchID == matchID, !entry.isDead else { return .useless }
        return .alive(entry.seat)
    }

    /// A token of the pool: of `matchID` (alive or dead) when `sameMatch`, else of any other match.
    func any(sameMatch: Bool, as matchID: String, using rng: inout SeededGenerator) -> String? {
        let candidates = entries.withLock { $0.values.filter { ($0.matchID == matchID) == sameMatch }.map(\.token) }.sorted()
        return candidates.isEmpty ? nil : rng.pick(candidates)
    }

    func isKnown(_ token: String) -> Bool { entries.withLock { $0[token] != nil } }
}

/// What a client knows of its match, from the last `welcome` it got.
struct Knowledge: Sendable {
    var seat: WireSeat?
    var phase: WirePhase = .loggedOut
    var board: WireBoard?
    var takenSeats = 0
    /// The client's own token, when it ever got one.
    var token: String?
    /// The offer waiting for an answer.
    var offer: WireOffer?
    /// Whether the seat opposite the client's is a person's without a connection.
    var opponentAway = false
    /// Whether any taken seat is a person's without a connection.
    var playerAway = false

    mutating func learn(from welcome: ServerMessage) {
        guard case .welcome(let you, let snapshot, _) = welcome else {
            Issue.record("expected .welcome, got \(welcome)")
            return
        }
        seat = you
        phase = snapshot.phase
        board = snapshot.board
        takenSeats = snapshot.players.count
        offer = snapshot.offer
        opponentAway = snapshot.players.contains { $0.seat != you && !$0.connected }
        playerAway = snapshot.players.contains { !$0.connected }
    }
}

/// Builds random client messages, valid and not, with their meaning.
struct MessageFactory {
    var rng: SeededGenerator

    // MARK: - Messages that decode

    /// A random message of any type with random (often wrong) parameters.
    mutating func anyMessage(matchID: String, tokens: TokenPool, sameMatchTokens: Bool) -> ClientMessage {
        switch Int.random(in: 0..<11, using: &rng) {
        case 0: return .login(name: name())
        case 1: return .resume(token: token(matchID: matchID, tokens: tokens, sameMatch: sameMatchTokens))
        case 2: return .startGame(gameId: gameID())
        case 3, 4: return gameMessage(rng.pick(FuzzedGames.schemas))
        case 5: return .launchGame(gameId: gameID())
        case 6: return .leave
        case 7: return rng.pick([.resign, .offerDraw, .acceptDraw, .declineDraw])
        case 8: return rng.chance(0.5) ? .offerGame(gameId: gameID()) : .declineGame
        case 9: return .chat(phrase: rng.chance(0.8) ? rng.pick(ChatPhrase.allCases).rawValue : name() ?? "")
        default: return .sync
        }
    }

    /// A message of a game's schema (every game of the catalog is fuzzed this way: Tic Tac Toe's `move`,
    /// Random Win's `roll`, Connect Four's `drop`, Kalah's `sow`, and any game added later), its
    /// integer fields in bounds, out of bounds or huge.
    mutating func gameMessage(_ schema: GameMessageSchema) -> ClientMessage {
        .play(
            GameMessage(
                type: schema.type,
                fields: schema.fields.map { field in
                    .init(name: field.name, value: field.kind == .integer ? .integer(coordinate()) : .string(name() ?? ""))
                }))
    }

    /// A message likely to be valid for a client that knows `knowledge`, so that games move on.
    mutating func plausibleMessage(_ knowledge: Knowledge) -> ClientMessage {
        guard let seat = knowledge.seat else {
            if let token = knowledge.token, rng.chance(0.5) { return .resume(token: token) }
            return .login(name: rng.chance(0.5) ? name() : nil)
        }
        switch knowledge.phase {
        case .loggedOut:
            return rng.chance(0.3) ? .leave : .launchGame(gameId: rng.pick(FuzzedGames.ids))
        case .offGame:
            return rng.chance(0.05) ? .leave : .startGame(gameId: rng.chance(0.5) ? "ticTacToe" : rng.pick(FuzzedGames.ids))
        case .randomWin:
            return .roll
        case .ticTacToe:
            guard let board = knowledge.board, board.turn == seat else { return .sync }
            let free = board.cells.indices.filter { board.cells[$0] == nil }
            guard let cell = free.isEmpty ? nil : rng.pick(free) else { return .sync }
            return .move(row: cell / 3, col: cell % 3)
        case let phase:
            // Another game's turn: one of its messages with small numbers, most of them in its range.
            guard let game = FuzzedGames.catalog.game(GameID(rawValue: phase.rawValue)), let schema = game.messages.first,
                knowledge.board?.turn == seat
            else { return .sync }
            var message = gameMessage(schema)
            if case .play(let fuzzed) = message {
                message = .play(
                    GameMessage(
                        type: fuzzed.type,
                        fields: fuzzed.fields.map { field in
                            guard case .integer = field.value else { return field }
                            return .init(name: field.name, value: .integer(Int.random(in: 0...6, using: &rng)))
                        }))
            }
            return message
        }
    }

    mutating func name() -> String? {
        rng.pick(Self.names)
    }

    static let names: [String?] = [
        nil, "", "   ", "Zoë", "李雷", "Ωmega", "🎲🎲", "👩‍👩‍👧‍👦 family", "e\u{301}", "שלום", "a\u{200B}b", "Z\u{324}\u{308}",
        "  Bob  ", "\tBob", "a\tb", "line\u{2028}sep", "bell\u{7}", "nul\u{0}", "\u{A0}nbsp\u{A0}", "in\u{85}side",
        "\u{301}", "\u{FEFF}bom", String(repeating: "x", count: 24), String(repeating: "x", count: 25),
        String(repeating: "🎲", count: 24), String(repeating: "🎲", count: 25), String(repeating: "é", count: 30),
        "<script>alert(1)</script>", "Robert'); DROP TABLE matches;--", "%s%n%x", "../../etc/passwd", "null",
    ]

    mutating func gameID() -> String {
        rng.pick(
            FuzzedGames.ids + [
                "ticTacToe", "randomWin", "chess", "", "TicTacToe", "ticTacToe ", " randomWin",
                "ｔｉｃＴａｃＴｏｅ", "tic\u{0}TacToe", "random Win", String(repeating: "g", count: 300), "__proto__",
            ])
    }

    /// A coordinate: in bounds, out of bounds, or huge (clamped by the decoder, still out of bounds).
    mutating func coordinate() -> Int {
        rng.pick([0, 1, 2, 0, 1, 2, -1, 3, 4, -100, 1000, Int.max, Int.min])
    }

    mutating func token(matchID: String, tokens: TokenPool, sameMatch: Bool) -> String {
        let known = tokens.any(sameMatch: sameMatch && rng.chance(0.5), as: matchID, using: &rng)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0...2: if let known { return known }
        case 3: if let known { return known + " " }
        case 4: if let known { return known.uppercased() }
        case 5: if let known { return String(known.dropLast()) }
        default: break
        }
        return rng.pick([
            "", "nonsense", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", String(repeating: "t", count: 2000), "🔑",
            String((0..<43).map { _ in rng.pick(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")) }),
        ])
    }

    // MARK: - Encodings

    /// `message` as a frame, often in an unusual but equivalent encoding: escaped keys and values,
    /// numbers such as `1.0` or `10e-1`, extra fields (some deeply nested), repeated keys (the first
    /// counts, as `JSONDecoder` reads them), whitespace, fragments.
    mutating func encode(_ message: ClientMessage) -> FuzzInput {
        guard rng.chance(0.6) else { return FuzzInput(frames: .text(message.encoded()), meaning: .message(message), label: message.type) }
        var fields: [(String, String)] = [("type", jsonString(message.type))]
        switch message {
        case .login(let name):
            if let name { fields.append(("name", jsonString(name))) } else if rng.chance(0.5) { fields.append(("name", "null")) }
        case .resume(let token): fields.append(("token", jsonString(token)))
        case .chat(let phrase): fields.append(("phrase", jsonString(phrase)))
        case .startGame(let id), .launchGame(let id), .offerGame(let id): fields.append(("gameId", jsonString(id)))
        case .play(let game):
            for field in game.fields {
                switch field.value {
                case .integer(let value): fields.append((field.name, numberText(value)))
                case .string(let value): fields.append((field.name, jsonString(value)))
                }
            }
        case .leave, .claimWin, .sync, .resign, .offerDraw, .acceptDraw, .declineDraw, .declineGame: break
        }
        fields.shuffle(using: &rng)
        // Extra fields are ignored; a repeated key takes its first value.
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let junkKey = rng.pick(["extra", "v", "seat", "☃", "", "__proto__", "constructor", "Type", "TYPE", "typ", "you"])
            fields.insert((junkKey, junkValue()), at: Int.random(in: 0...fields.count, using: &rng))
        }
        if rng.chance(0.2), let real = fields.firstIndex(where: { ["type", "name", "token", "gameId", "row", "col"].contains($0.0) }) {
            fields.insert((fields[real].0, junkValue()), at: Int.random(in: (real + 1)...fields.count, using: &rng))
        }
        let text = object(fields)
        let label = "\(message.type) (re-encoded)"
        if rng.chance(0.15), text.utf8.count > 2 {
            return FuzzInput(
                frames: .fragments(fragments(of: Array(text.utf8))), meaning: .message(message), label: "\(message.type) (fragmented)")
        }
        return FuzzInput(frames: .text(text), meaning: .message(message), label: label)
    }

    /// A number text with the integer value `value`.
    private mutating func numberText(_ value: Int) -> String {
        switch value {
        case Int.max: return rng.pick(["9223372036854775807", "9223372036854775808", "99999999999999999999999", "1e30", "1e200", "1E300"])
        case Int.min: return rng.pick(["-9223372036854775808", "-9223372036854775809", "-99999999999999999999999", "-1e30", "-1.5e300"])
        case 0: return rng.pick(["0", "-0", "0.0", "0e5", "-0.0E-3", "0.000"])
        default:
            return rng.pick(["\(value)", "\(value).0", "\(value)e0", "\(value)E+0", "\(value)0e-1", "\(value).000", "\(value * 100)e-2"])
        }
    }

    /// An object from fields whose values are JSON texts, with random whitespace and escaped keys.
    private mutating func object(_ fields: [(String, String)]) -> String {
        let space = { (rng: inout SeededGenerator) in rng.chance(0.2) ? rng.pick([" ", "\n", "\t", "\r\n  "]) : "" }
        var text = "{" + space(&rng)
        for (index, (key, value)) in fields.enumerated() {
            if index > 0 { text += "," + space(&rng) }
            text += jsonString(key) + space(&rng) + ":" + space(&rng) + value + space(&rng)
        }
        return text + "}"
    }

    /// A JSON string literal for `text`, with some characters written as `\u` escapes.
    private mutating func jsonString(_ text: String) -> String {
        let escapeSome = text.unicodeScalars.count < 100 && rng.chance(0.3)
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _ where scalar.value < 0x20 || (escapeSome && rng.chance(0.3)):
                if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    literal += String(format: "\\u%04X\\u%04x", 0xD800 + (value >> 10), 0xDC00 + (value & 0x3FF))
                } else {
                    literal += String(format: rng.chance(0.5) ? "\\u%04x" : "\\u%04X", scalar.value)
                }
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A JSON value that means nothing to the server: any type, sometimes deeply nested (not too deep).
    private mutating func junkValue() -> String {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return "null"
        case 1: return rng.pick(["true", "false"])
        case 2: return rng.pick(["0", "-1.5e-300", "1e308", "123456789012345678901234567890"])
        case 3: return jsonString(rng.pick(["", "x", "ünï©ødé 🎲", "\u{0}\u{1F}", "\\\"", String(repeating: "j", count: 200)]))
        case 4:
            return "["
                + (0..<Int.random(in: 0...4, using: &rng)).map { _ in rng.pick(["1", "null", "\"a\"", "{}", "[]"]) }.joined(separator: ",")
                + "]"
        case 5: return #"{"type":"leave","row":0,"nested":{"type":"login"}}"#
        case 6:
            // The object is at depth 1: 63 more levels are still allowed.
            let depth = rng.pick([1, 10, 40, 63])
            return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        default:
            let depth = rng.pick([1, 5, 30, 62])
            return String(repeating: "{\"a\":", count: depth) + "0" + String(repeating: "}", count: depth)
        }
    }

    /// `bytes` cut into two or three fragments, at any byte (even inside a character).
    private mutating func fragments(of bytes: [UInt8]) -> [[UInt8]] {
        var cuts = Set<Int>()
        for _ in 0..<Int.random(in: 1...2, using: &rng) { cuts.insert(Int.random(in: 1..<bytes.count, using: &rng)) }
        var parts: [[UInt8]] = []
        var start = 0
        for cut in cuts.sorted() {
            parts.append(Array(bytes[start..<cut]))
            start = cut
        }
        parts.append(Array(bytes[start...]))
        return parts
    }

    // MARK: - Messages that do not decode

    /// Text that is no client message: `badMessage`, and the connection stays open.
    mutating func undecodable(matchID: String, tokens: TokenPool) -> FuzzInput {
        let text: String
        let label: String
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            // A valid message cut short (at a character boundary, so still UTF-8).
            let whole = encode(anyMessage(matchID: matchID, tokens: tokens, sameMatchTokens: false)).text ?? #"{"type":"sync"}"#
            text = String(whole.prefix(Int.random(in: 0..<whole.count, using: &rng)))
            label = "truncated"
        case 1:
            text = rng.pick(["[]", #""sync""#, "42", "null", "true", #"[{"type":"sync"}]"#, "{}", #"{"Type":"sync"}"#])
            label = "not an object, or no type"
        case 2:
            text = #"{"type":"# + rng.pick(["1", "null", "true", "[]", "{}", #"["sync"]"#, "1.5"]) + "}"
            label = "type not a string"
        case 3:
            let unknown = rng.pick([
                "Sync", "SYNC", "sync ", "", "ｓｙｎｃ", "moves", "🎲", "login\\u0000", "constructor", "toString",
                String(repeating: "t", count: 1000),
            ])
            text = #"{"type":""# + unknown + #""}"#
            label = "unknown type"
        case 4:
            let (type, field) = rng.pick([
                ("login", "name"), ("resume", "token"), ("startGame", "gameId"), ("launchGame", "gameId"), ("move", "row"), ("move", "col"),
            ])
            let value = rng.pick(["1", "true", "[]", "{}", #"["x"]"#, "-0.5", #"{"value":1}"#])
            let other = type == "move" ? (field == "row" ? #","col":1"# : #","row":1"#) : ""
            // A string where a number belongs is mistyped too.
            let wrong =
                type == "move"
                ? rng.pick([
                    "true", "[]", "{}", #"["x"]"#, #""1""#, "null", #""""#, "0.5", "1.5", "-0.0001", "2.5E+0", "1e-1", "0.1e-400", "1e400",
                    "01",
                ]) : value
            text = #"{"type":""# + type + #"",""# + field + #"":"# + wrong + other + "}"
            label = "mistyped \(type).\(field)"
        case 5:
            text = rng.pick([
                #"{"type":"resume"}"#, #"{"type":"startGame"}"#, #"{"type":"launchGame"}"#, #"{"type":"move"}"#,
                #"{"type":"move","row":1}"#, #"{"type":"move","col":1}"#,
            ])
            label = "missing field"
        case 6:
            let depth = rng.pick([64, 65, 100, 1000])
            text = #"{"type":"sync","deep":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            label = "nested too deeply"
        case 7:
            text = rng.pick([
                "", " ", "{", "}", #"{type:"sync"}"#, "{'type':'sync'}", #"{"type":"sync",,}"#, #"{"type":"sync"}{}"#,
                #"{"type":"sync"} x"#, #"{"type":"sync" /*c*/}"#, #"{"type":"sy\xnc"}"#, #"{"type":"\ud800"}"#,
                #"{"type":"\udc00x"}"#, "{\"type\":\"sy\u{1}nc\"}", "\u{FEFF}\u{FEFF}{\"type\":\"sync\"}", "{\"type\":\u{A0}\"sync\"}",
                #"{"type"::"sync"}"#, #"{"type":"move","row":01,"col":1}"#, #"{"type":"move","row":+1,"col":1}"#,
                #"{"type":"move","row":.5,"col":1}"#, #"{"type":"move","row":1.,"col":1}"#, #"{"type":"move","row":NaN,"col":1}"#,
                #"{"type":"move","row":Infinity,"col":1}"#, #"{"type":"move","row":0x1,"col":1}"#, #"{"type":"move","row":1e,"col":1}"#,
            ])
            label = "not JSON"
        case 8:
            text = String(repeating: "[", count: Int.random(in: 1...2000, using: &rng))
            label = "unclosed nesting"
        default:
            text = String(
                (0..<Int.random(in: 1...200, using: &rng)).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng)))
                })
            label = "printable garbage"
        }
        if text.utf8.count > 4000 { return FuzzInput(frames: .text("{"), meaning: .badMessage, label: "not JSON") }
        return FuzzInput(frames: .text(text), meaning: .badMessage, label: label)
    }

    // MARK: - Frames that close the connection

    enum Fatal: CaseIterable {
        case invalidUTF8, binary, oversized, oversizedInFragments
    }

    mutating func fatal(_ kind: Fatal) -> FuzzInput {
        switch kind {
        case .invalidUTF8:
            let bad: [UInt8] = rng.pick([
                [0xFF], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
                [0xF8, 0x88, 0x80, 0x80, 0x80],
            ])
            let bytes = Array(#"{"type":"login","name":""#.utf8) + bad + Array(#""}"#.utf8)
            if rng.chance(0.3) {
                // Valid fragments that join into invalid text are refused as well.
                return FuzzInput(
                    frames: .fragments([Array(bytes.prefix(10)), Array(bytes.dropFirst(10))]), meaning: .closes(1007),
                    label: "invalid UTF-8 (fragmented)")
            }
            return FuzzInput(frames: .textBytes(rng.chance(0.3) ? bad : bytes), meaning: .closes(1007), label: "invalid UTF-8")
        case .binary:
            let bytes =
                rng.chance(0.5)
                ? Array(#"{"type":"sync"}"#.utf8)
                : (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
            return FuzzInput(frames: .binary(bytes), meaning: .closes(1003), label: "binary frame")
        case .oversized:
            let size = rng.pick([4097, 4200, 8000, 60000])
            let prefix = #"{"type":"login","name":""#
            return FuzzInput(
                frames: .text(prefix + String(repeating: "a", count: size - prefix.utf8.count - 2) + #""}"#), meaning: .closes(1009),
                label: "frame over 4096 bytes")
        case .oversizedInFragments:
            let part = Array(repeating: UInt8(ascii: " "), count: 3000)
            return FuzzInput(
                frames: .fragments([Array(#"{"type":"sync","#.utf8) + part, part + Array("}".utf8)]), meaning: .closes(1009),
                label: "message over 4096 bytes in fragments")
        }
    }
}

/// The name rules of docs/PROTOCOL.md as `PlayerName` applies them: trimmed; over 24 characters or 256
/// UTF-8 bytes, or holding a control character, a line or paragraph separator, or a format character
/// other than a zero-width joiner between two emoji, is `badName`.
enum NameRule {
    static func isBad(_ raw: String?) -> Bool {
        let head = (raw ?? "").drop(while: \.isWhitespace)
        let name = String(head.reversed().drop(while: \.isWhitespace).reversed())
        if name.isEmpty { return false }
        let scalars = Array(name.unicodeScalars)
        let hasForbidden = scalars.indices.contains { index in
            switch scalars[index].properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return true
            case .format:
                let joinsEmoji =
                    scalars[index] == "\u{200D}" && index > 0 && index < scalars.count - 1
                    && scalars[index - 1].properties.isEmoji && scalars[index + 1].properties.isEmoji
                return !joinsEmoji
            default: return false
            }
        }
        return name.count > 24 || name.utf8.count > 256 || hasForbidden
    }
}

/// The answers the server may give to `message` from a client that knows `knowledge`.
///
/// Exact where the client's knowledge settles it: a connection without a seat stays without one until
/// its own `login` or `resume`, a token of another match or of a seat that left is useless for good, and
/// decoding does not depend on the match. Where another client of the same match may act in between
/// (`exclusive` false), the answer may be any the documented checks give for that message.
func expectedAnswers(to message: ClientMessage, knowing knowledge: Knowledge, exclusive: Bool, tokens: TokenPool, matchID: String) -> Set<
    Answer
> {
    let seated = knowledge.seat
    switch message {
    case .sync:
        return [.accepted]
    case .launchGame(let id):
        guard FuzzedGames.isKnown(id) else { return [.error(.unknownGame)] }
        // A launch that would start a game at once (between games) while a player is away is refused.
        guard exclusive else { return [.accepted, .error(.opponentAway)] }
        return [knowledge.phase == .offGame && knowledge.playerAway ? .error(.opponentAway) : .accepted]
    case .login(let name):
        let taken: Set<Answer> = NameRule.isBad(name) ? [.error(.badName)] : [.accepted]
        let full: Set<Answer> = [.error(.matchFull)]
        if seated != nil { return exclusive ? [.error(.alreadySeated)] : Set([.error(.alreadySeated)]).union(full).union(taken) }
        if exclusive { return knowledge.phase != .loggedOut || knowledge.takenSeats >= 2 ? full : taken }
        return full.union(taken)
    case .resume(let token):
        switch tokens.classify(token, in: matchID) {
        case .useless:
            return [.error(.badToken)]
        case .alive(let seat):
            let answer: Answer = seated == nil || seated == seat ? .accepted : .error(.alreadySeated)
            return exclusive ? [answer] : [answer, .error(.badToken), .accepted, .error(.alreadySeated)]
        }
    case .startGame(let id):
        guard seated != nil else { return [.error(.notSeated)] }
        let race: Set<Answer> = exclusive ? [] : [.error(.notSeated)]
        guard FuzzedGames.isKnown(id) else { return race.union([.error(.unknownGame)]) }
        if exclusive {
            guard knowledge.phase == .offGame else { return [.error(.wrongPhase)] }
            return [knowledge.opponentAway ? .error(.opponentAway) : .accepted]
        }
        return race.union([.accepted, .error(.wrongPhase), .error(.opponentAway)])
    case .offerGame(let id):
        guard seated != nil else { return [.error(.notSeated)] }
        let race: Set<Answer> = exclusive ? [] : [.error(.notSeated)]
        guard FuzzedGames.isKnown(id) else { return race.union([.error(.unknownGame)]) }
        if exclusive {
            guard knowledge.phase == .offGame else { return [.error(.wrongPhase)] }
            guard !knowledge.opponentAway else { return [.error(.opponentAway)] }
            return [knowledge.offer == nil ? .accepted : .error(.alreadyOffered)]
        }
        return race.union([.accepted, .error(.wrongPhase), .error(.opponentAway), .error(.alreadyOffered)])
    case .chat(let phrase):
        // The seat first, then the phrase; a second phrase within a second of this connection's last one
        // is refused, however the match stands.
        guard seated != nil else { return [.error(.notSeated)] }
        return ChatPhrase(rawValue: phrase) == nil ? [.error(.badMessage)] : [.accepted, .error(.rateLimited)]
    case .declineGame:
        guard let seat = seated else { return [.error(.notSeated)] }
        if exclusive {
            guard knowledge.phase == .offGame else { return [.error(.wrongPhase)] }
            let offered = knowledge.offer?.kind == .game && knowledge.offer?.seat != seat
            return [offered ? .accepted : .error(.noOffer)]
        }
        return [.accepted, .error(.notSeated), .error(.wrongPhase), .error(.noOffer)]
    case .resign, .offerDraw, .acceptDraw, .declineDraw:
        return expectedAnswers(toDrawOrResign: message, knowing: knowledge, exclusive: exclusive)
    case .play(let game) where game.type == "move":
        let (row, col) = (game.integer("row") ?? 0, game.integer("col") ?? 0)
        guard let seat = seated else { return [.error(.notSeated)] }
        let inBounds = (0...2).contains(row) && (0...2).contains(col)
        if exclusive {
            guard knowledge.phase == .ticTacToe, let board = knowledge.board else { return [.error(.wrongPhase)] }
            guard board.turn == seat else { return [.error(.notYourTurn)] }
            guard inBounds else { return [.error(.outOfBounds)] }
            return [board.cells[row * 3 + col] == nil ? .accepted : .error(.cellTaken)]
        }
        let common: Set<Answer> = [.error(.notSeated), .error(.wrongPhase), .error(.notYourTurn)]
        return common.union(inBounds ? [.accepted, .error(.cellTaken)] : [.error(.outOfBounds)])
    case .play(let message):
        // Any other game's move, by the order of checks every game follows: notSeated, wrongPhase,
        // notYourTurn (for a game whose board has a turn), then the game's own refusals of the place:
        // outOfBounds for a field outside the range its schema gives, else accepted or cellTaken.
        guard let seat = seated else { return [.error(.notSeated)] }
        let game = FuzzedGames.game(sending: message.type)
        let refusals: Set<Answer> = FuzzedGames.isInRange(message) ? [.accepted, .error(.cellTaken)] : [.error(.outOfBounds)]
        if exclusive {
            guard let game, knowledge.phase.rawValue == game.id.rawValue else { return [.error(.wrongPhase)] }
            guard let board = knowledge.board else { return [.accepted] }
            return board.turn == seat ? refusals : [.error(.notYourTurn)]
        }
        return refusals.union([.error(.notSeated), .error(.wrongPhase), .error(.notYourTurn)])
    case .leave:
        guard seated != nil else { return [.error(.notSeated)] }
        return exclusive ? [.accepted] : [.accepted, .error(.notSeated)]
    case .claimWin:
        // Not generated: whether the opponent is connected is not the sender's knowledge.
        guard seated != nil else { return [.error(.notSeated)] }
        return [.accepted, .error(.notSeated), .error(.wrongPhase), .error(.opponentConnected), .error(.tooEarly)]
    }
}

/// `resign` and the draw messages, by the order of checks: notSeated, wrongPhase (no game, or Random
/// Win, which has neither), then the offer's own rules. Whether an earlier offer of the sender was
/// declined is not in a `welcome`: an offer the rules otherwise allow may be `tooEarly`.
private func expectedAnswers(toDrawOrResign message: ClientMessage, knowing knowledge: Knowledge, exclusive: Bool) -> Set<Answer> {
    guard let seat = knowledge.seat else { return [.error(.notSeated)] }
    let everything: Set<Answer> = [
        .accepted, .error(.notSeated), .error(.wrongPhase), .error(.notYourTurn), .error(.alreadyOffered), .error(.tooEarly),
        .error(.noOffer),
    ]
    guard exclusive else { return everything }
    let inGame = knowledge.phase != .loggedOut && knowledge.phase != .offGame && knowledge.phase != .randomWin
    guard inGame else { return [.error(.wrongPhase)] }
    let drawOffered = knowledge.offer?.kind == .draw
    switch message {
    case .resign:
        return [.accepted]
    case .offerDraw:
        if drawOffered { return [.error(.alreadyOffered)] }
        return knowledge.board?.turn == seat ? [.accepted, .error(.tooEarly)] : [.error(.notYourTurn)]
    default:
        return [drawOffered && knowledge.offer?.seat != seat ? .accepted : .error(.noOffer)]
    }
}

/// The games the fuzzed server offers, read from its catalog: their ids and the schemas of their
/// messages, so that every game is fuzzed without a line of its own here.
enum FuzzedGames {
    static let catalog = GameCatalog.standard
    static let ids = catalog.games.map(\.id.rawValue)
    static let schemas = catalog.games.flatMap(\.messages)

    static func isKnown(_ id: String) -> Bool { catalog.game(GameID(rawValue: id)) != nil }

    /// The game whose message has type `type`.
    static func game(sending type: String) -> (any GameUnit)? {
        catalog.games.first { $0.messages.contains { $0.type == type } }
    }

    /// Whether every integer of `message` is in the range its game's schema gives it.
    static func isInRange(_ message: GameMessage) -> Bool {
        guard let schema = schemas.first(where: { $0.type == message.type }) else { return true }
        return schema.fields.allSatisfy { field in
            guard let range = field.range, let value = message.integer(field.name) else { return true }
            return range.contains(value)
        }
    }
}
