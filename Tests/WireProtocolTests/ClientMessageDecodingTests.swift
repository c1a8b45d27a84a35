import Foundation
import RandomWin
import Testing
import TicTacToe

@testable import WireProtocol

@Suite("Decoding client messages")
struct ClientMessageDecodingTests {
    @Test(
        "Every message type decodes",
        arguments: [
            (#"{"type":"login"}"#, ClientMessage.login(name: nil)),
            (#"{"type":"login","name":null}"#, .login(name: nil)),
            (#"{"type":"login","name":""}"#, .login(name: "")),
            (#"{"type":"login","name":"  Alice "}"#, .login(name: "  Alice ")),
            (#"{"type":"resume","token":"t0k3n"}"#, .resume(token: "t0k3n")),
            (#"{"type":"startGame","gameId":"ticTacToe"}"#, .startGame(gameId: "ticTacToe")),
            (#"{"type":"startGame","gameId":"chess"}"#, .startGame(gameId: "chess")),
            (#"{"type":"move","row":0,"col":2}"#, .move(row: 0, col: 2)),
            (#"{"type":"roll"}"#, .roll),
            (#"{"type":"launchGame","gameId":"randomWin"}"#, .launchGame(gameId: "randomWin")),
            (#"{"type":"leave"}"#, .leave),
            (#"{"type":"sync"}"#, .sync),
        ]
    )
    func test_decode_validMessage_givesMessage(text: String, expected: ClientMessage) throws {
        #expect(try reader.decode(text).get() == expected)
    }

    @Test func test_decode_unknownExtraFields_areIgnored() throws {
        let text = #"{"extra":{"a":[1,2.5,{"b":null}],"c":true},"type":"move","col":1,"row":2,"z":"x"}"#
        #expect(try reader.decode(text).get() == .move(row: 2, col: 1))
    }

    @Test func test_decode_whitespaceAroundTokens_isAccepted() throws {
        let text = " \n\t{ \"type\" : \"resume\" ,\r\n \"token\" : \"abc\" } \n"
        #expect(try reader.decode(text).get() == .resume(token: "abc"))
    }

    /// `JSONDecoder` keeps the first value of a repeated key (README, "Extensions to the protocol").
    @Test func test_decode_repeatedKey_takesTheFirstValue() throws {
        #expect(try reader.decode(#"{"type":"login","name":"first","name":"second"}"#).get() == .login(name: "first"))
        #expect(try reader.decode(#"{"type":"sync","type":"leave"}"#).get() == .sync)
    }

    /// What `JSONDecoder` reads besides RFC 8259 JSON is read here too (README).
    @Test(
        "A byte order mark and trailing commas are accepted",
        arguments: [
            "\u{FEFF}{\"type\":\"sync\"}", #"{"type":"sync",}"#, #"{"type":"sync","x":[1,]}"#, #"{"type":"sync","x":{"a":1,},}"#,
        ]
    )
    func test_decode_whatJSONDecoderAccepts_isAccepted(text: String) throws {
        #expect(try reader.decode(text).get() == .sync)
    }

    /// `JSONDecoder` checks a string's escapes and a number's digits only when the value is read: a
    /// lone surrogate or a malformed number in a field the server reads is a bad message, one in a field
    /// it ignores goes unnoticed (README).
    @Test func test_decode_valueText_isCheckedOnlyWhereRead() throws {
        #expect(reader.decode(#"{"type":"login","name":"\ud800"}"#).failure == .invalidJSON)
        #expect(reader.decode(#"{"type":"\udc00"}"#).failure == .invalidJSON)
        #expect(reader.decode(#"{"type":"move","row":01,"col":1}"#).failure != nil)
        #expect(try reader.decode(#"{"type":"sync","x":"\ud800"}"#).get() == .sync)
        #expect(try reader.decode(#"{"type":"sync","x":01,"y":[1.]}"#).get() == .sync)
    }

    /// `JSONDecoder` would take text with NUL bytes for UTF-16 or UTF-32 and read it as such.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian])
    func test_decode_textInAnotherEncoding_isBadMessage(encoding: String.Encoding) throws {
        let bytes = try #require(#"{"type":"sync"}"#.data(using: encoding))
        #expect(reader.decode(Data(bytes)).failure == .invalidJSON)
        #expect(reader.decode(String(decoding: bytes, as: UTF8.self)).failure == .invalidJSON)
    }

    @Test func test_decode_unicodeName_keepsItExactly() throws {
        #expect(try reader.decode(#"{"type":"login","name":"Zoë 🎲 名前"}"#).get() == .login(name: "Zoë 🎲 名前"))
    }

    @Test func test_decode_escapedName_unescapesIt() throws {
        let text = #"{"type":"login","name":"\u00e9\ud83c\udfb2\"\\\/\b\f\n\r\t\u0000"}"#
        #expect(try reader.decode(text).get() == .login(name: "é🎲\"\\/\u{08}\u{0C}\n\r\t\u{00}"))
    }

    @Test func test_decode_longName_isLeftForTheGameToRefuse() throws {
        let name = String(repeating: "ab", count: 500_000)
        #expect(try reader.decode(#"{"type":"login","name":"\#(name)"}"#).get() == .login(name: name))
    }

    @Test func test_decode_bytesAndData_matchTheTextDecoder() throws {
        let text = #"{"type":"login","name":"Zoë"}"#
        #expect(try reader.decode(Array(text.utf8)).get() == .login(name: "Zoë"))
        #expect(try reader.decode(Data(text.utf8)).get() == .login(name: "Zoë"))
    }

    // MARK: integers

    @Test(
        "Any JSON integer is a row, past Int clamped",
        arguments: [
            ("0", 0), ("2", 2), ("-1", -1), ("3", 3), ("1.0", 1), ("1.000", 1), ("1e0", 1), ("1E2", 100),
            ("10e-1", 1), ("1.5e1", 15), ("-0", 0), ("-0.0", 0), ("0e99999999999", 0), ("0.0e-5", 0), ("0e5", 0), ("0E+5", 0),
            ("0e200", 0), ("-0e-200", 0), ("-0.0E-3", 0), ("100e-2", 1),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("9007199254740993", 9_007_199_254_740_993),
            ("-9223372036854775807", Int.min + 1), ("1e18", 1_000_000_000_000_000_000), ("-4.5e15", -4_500_000_000_000_000),
            ("9223372036854775808", Int.max), ("-9223372036854775809", Int.min),
            ("99999999999999999999999999", Int.max), ("-99999999999999999999999999", Int.min),
            ("1e200", Int.max), ("-1e200", Int.min), ("1e308", Int.max), ("-1.5e300", Int.min),
            ("922337203685477580.7e1", Int.max), ("922337203685477580.8e1", Int.max),
        ]
    )
    func test_decode_integerRow_givesClampedInt(literal: String, expected: Int) throws {
        let message = try reader.decode(#"{"type":"move","row":\#(literal),"col":1}"#).get()
        #expect(message == .move(row: expected, col: 1))
    }

    /// `JSONDecoder` reads a number past ±1.8e308 as no Swift number, and its error is the one of a
    /// malformed number: such a row is a bad message (README).
    @Test(arguments: ["1e400", "-1e400", "1E99999999999999999999", String(repeating: "9", count: 400)])
    func test_decode_rowPastDouble_isBadMessage(literal: String) {
        let message = reader.decode(#"{"type":"move","row":\#(literal),"col":1}"#).failure?.message
        #expect(message == "The field \"row\" of a \"move\" message must be an integer, not a malformed or too large number.")
    }

    /// A number with a fraction or an exponent is read through `Double`: a fraction that rounds to a
    /// whole number there (from about 17 significant digits on) counts as that number (README).
    @Test(arguments: ["1.00000000000000000001", "0.99999999999999999999", "1." + String(repeating: "0", count: 40) + "1"])
    func test_decode_fractionPastDoublePrecision_isReadAsTheWholeNumber(literal: String) throws {
        #expect(try reader.decode(#"{"type":"move","row":\#(literal),"col":1}"#).get() == .move(row: 1, col: 1))
    }

    @Test(
        "A fraction, string, boolean, null, array or object is not a row",
        arguments: [
            "1.5", "0.1", "2.0000001", "1.0000000000000002", "1e-1", "1e-400", "1e-200", "-1.5", "1.5e-300",
            "\"1\"", "true", "false", "null", "[1]", "{}",
        ]
    )
    func test_decode_nonIntegerRow_isBadMessage(literal: String) throws {
        let row = reader.decode(#"{"type":"move","row":\#(literal),"col":1}"#).failure
        let col = reader.decode(#"{"type":"move","row":1,"col":\#(literal)}"#).failure
        #expect(row?.message.contains("\"row\"") == true)
        #expect(col?.message.contains("\"col\"") == true)
    }

    @Test(
        "Numbers JSON does not allow are bad messages",
        arguments: ["01", "+1", ".5", "1.", "1e", "1e+", "-", "--1", "NaN", "Infinity", "-Infinity", "0x1", "1_0"]
    )
    func test_decode_invalidNumberSyntax_isBadMessage(literal: String) {
        #expect(reader.decode(#"{"type":"move","row":\#(literal),"col":1}"#).failure != nil)
    }

    // MARK: bad messages

    @Test(
        "Bad messages are refused with a sentence",
        arguments: [
            // Not JSON.
            "", "   ", "not json", "{", "}", "{\"type\":\"sync\"", "{'type':'sync'}", "{type:\"sync\"}",
            "{\"type\":\"sync\",,}", "{\"type\":\"sync\"} x", "{\"type\":\"sync\"}{\"type\":\"sync\"}",
            "{\"type\" \"sync\"}", "{\"type\":\"sy\u{01}nc\"}", "{\"type\":\"sy\\xnc\"}", "{\"type\":\"s\\u12\"}",
            "{\"type\":\"sync\",\"x\":tru}", "{\"type\":\"sync\",\"x\":nul}", "{\"type\":\"sync\",\"x\":[,1]}",
            "{\"type\":\"sync\",\"x\":[1 2]}", "\u{FEFF}\u{FEFF}{\"type\":\"sync\"}", "{\"type\":\"sync\" /* c */}",
            "\u{A0}{\"type\":\"sync\"}", "{\"type\":\"sync\",\"x\":NaN}", "{\"type\":\"sync\",\"x\":'a'}",
            // Lone or mismatched surrogate escapes.
            #"{"type":"login","name":"\ud800"}"#, #"{"type":"login","name":"\udc00"}"#,
            #"{"type":"login","name":"\ud800\u0041"}"#, #"{"type":"login","name":"\ud800x"}"#,
            // Not an object.
            "[]", "[{\"type\":\"sync\"}]", "\"sync\"", "42", "true", "null",
            // No type, or not a string.
            "{}", "{\"kind\":\"sync\"}", "{\"type\":null}", "{\"type\":1}", "{\"type\":true}",
            "{\"type\":[\"sync\"]}", "{\"type\":{}}",
            // Unknown type.
            "{\"type\":\"dance\"}", "{\"type\":\"Sync\"}", "{\"type\":\"\"}", "{\"type\":\" sync\"}",
            // Missing field.
            "{\"type\":\"resume\"}", "{\"type\":\"startGame\"}", "{\"type\":\"launchGame\"}",
            "{\"type\":\"move\"}", "{\"type\":\"move\",\"row\":1}", "{\"type\":\"move\",\"col\":1}",
            // Mistyped field.
            "{\"type\":\"resume\",\"token\":null}", "{\"type\":\"resume\",\"token\":5}",
            "{\"type\":\"startGame\",\"gameId\":true}", "{\"type\":\"launchGame\",\"gameId\":[]}",
            "{\"type\":\"login\",\"name\":5}", "{\"type\":\"login\",\"name\":false}",
            "{\"type\":\"login\",\"name\":{}}", "{\"type\":\"login\",\"name\":[\"Al\"]}",
        ]
    )
    func test_decode_badMessage_givesSentence(text: String) throws {
        let error = try #require(reader.decode(text).failure)
        #expect(error.code == .badMessage)
        #expect(error.message.first?.isUppercase == true)
        #expect(error.message.hasSuffix("."))
        #expect(error.serverMessage == .error(code: .badMessage, message: error.message))
    }

    @Test func test_decode_badMessages_explainWhatIsWrong() {
        func message(_ text: String) -> String? { reader.decode(text).failure?.message }
        #expect(message("nope") == "The message is not valid JSON.")
        #expect(message("[]") == "The message must be a JSON object.")
        #expect(message("{}") == "The message has no \"type\" field.")
        #expect(message(#"{"type":7}"#) == "The field \"type\" must be a string, not a number.")
        #expect(message(#"{"type":"dance"}"#) == "There is no message type \"dance\".")
        #expect(message(#"{"type":"resume"}"#) == "A \"resume\" message needs the field \"token\".")
        #expect(
            message(#"{"type":"move","row":1.5,"col":0}"#)
                == "The field \"row\" of a \"move\" message must be an integer, not a fractional number."
        )
        #expect(
            message(#"{"type":"login","name":true}"#)
                == "The field \"name\" of a \"login\" message must be a string, not a boolean."
        )
    }

    @Test func test_decode_longUnknownType_isCutInTheSentence() throws {
        let type = String(repeating: "x", count: 5000)
        let error = try #require(reader.decode(#"{"type":"\#(type)"}"#).failure)
        #expect(error.message.count < 100)
    }

    // MARK: hostile input

    @Test(arguments: [1, 10, 1000, 100_000])
    func test_decode_deepNesting_isBadMessageWithoutCrashing(extraDepth: Int) {
        let nested =
            String(repeating: "[", count: extraDepth + JSONPrecheck.maximumDepth)
            + String(repeating: "]", count: extraDepth + JSONPrecheck.maximumDepth)
        #expect(reader.decode(#"{"type":"sync","x":\#(nested)}"#).failure == .tooDeep)
        let objects = String(repeating: #"{"a":"#, count: extraDepth + JSONPrecheck.maximumDepth)
        #expect(reader.decode(objects).failure == .tooDeep)
    }

    /// `JSONDecoder` traps on 513 unclosed `[` (its nesting limit is 512); the precheck keeps such text
    /// from it.
    @Test(arguments: [511, 512, 513, 514, 1025])
    func test_decode_unclosedNestingAroundJSONDecodersLimit_isBadMessageWithoutCrashing(count: Int) {
        #expect(reader.decode(String(repeating: "[", count: count)).failure == .tooDeep)
        #expect(reader.decode(String(repeating: #"{"a":"#, count: count)).failure == .tooDeep)
    }

    @Test func test_decode_nestingUpToTheLimit_isAccepted() throws {
        let depth = JSONPrecheck.maximumDepth - 1
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try reader.decode(#"{"type":"sync","x":\#(nested)}"#).get() == .sync)
    }

    @Test func test_decode_bracketsInStrings_doNotCountAsNesting() throws {
        let name = String(repeating: "[{", count: 100) + #"\"[\\"#
        #expect(
            try reader.decode(#"{"type":"login","name":"\#(name)"}"#).get()
                == .login(name: String(repeating: "[{", count: 100) + #""[\"#))
    }

    @Test func test_decode_unterminatedHugeString_isBadMessage() {
        let text = #"{"type":"login","name":""# + String(repeating: "a", count: 1_000_000)
        #expect(reader.decode(text).failure != nil)
    }

    @Test(
        "Bytes that are not UTF-8 are bad messages",
        arguments: [
            [0xFF] as [UInt8], [0xC0, 0xAF], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80],
        ]
    )
    func test_decode_invalidUTF8_isBadMessage(bytes: [UInt8]) {
        let frame = Array(#"{"type":"login","name":""#.utf8) + bytes + Array(#""}"#.utf8)
        #expect(reader.decode(frame).failure == .invalidUTF8)
        #expect(reader.decode(Data(frame)).failure == .invalidUTF8)
    }

    @Test func test_decode_everyPrefixOfAMessage_neverCrashes() {
        let text = #"{"type":"login","name":"Zoë \ud83c\udfb2 \n","extra":[1.5e3,-0,true,null,{}]}"#
        let bytes = Array(text.utf8)
        for end in 0..<bytes.count {
            #expect(reader.decode(Array(bytes[..<end])).failure != nil)
        }
        #expect(reader.decode(bytes).failure == nil)
    }
}
