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
