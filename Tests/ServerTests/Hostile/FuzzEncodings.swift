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

extension MessageFactory {
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
}
