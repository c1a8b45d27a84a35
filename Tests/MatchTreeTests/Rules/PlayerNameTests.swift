import MatchWords
import Testing

@testable import MatchTree

struct PlayerNameTests {
    @Test(arguments: [nil, "", "   ", "\t\n", "\u{2028}"])
    func test_absentOrBlankName_becomesTheSeatsDefault(raw: String?) throws {
        #expect(try PlayerName.validated(raw, for: .player1) == "Player 1")
        #expect(try PlayerName.validated(raw, for: .player2) == "Player 2")
    }

    @Test func test_name_isTrimmed() throws {
        #expect(try PlayerName.validated(" \tAna María \n", for: .player1) == "Ana María")
    }

    @Test func test_length_countsCharactersAfterTrimming() throws {
        let flags = String(repeating: "🇰🇷", count: 24)
        #expect(try PlayerName.validated("  \(flags)  ", for: .player1) == flags)
        #expect(throws: MatchError.badName) { try PlayerName.validated(flags + "x", for: .player1) }
    }

    @Test(arguments: ["a\u{0}b", "a\u{1B}b", "a\u{7F}b", "a\u{85}b", "a\rb", "a\u{2028}b", "a\u{2029}b"])
    func test_controlCharactersAndSeparatorsInside_areBadNames(raw: String) {
        #expect(throws: MatchError.badName) { try PlayerName.validated(raw, for: .player2) }
    }
}

struct PlayerNameBytesAndFormatTests {
    @Test func test_nameOver256UTF8Bytes_isBadName_evenWithin24Characters() throws {
        let marked = "e" + String(repeating: "\u{301}", count: 200)  // one Character, 401 bytes
        #expect(marked.count == 1)
        #expect(throws: MatchError.badName) { try PlayerName.validated(marked, for: .player1) }
        let atLimit = String(repeating: "é", count: 24) + String(repeating: "\u{301}", count: 104)
        #expect(atLimit.utf8.count == 256)
        #expect(try PlayerName.validated(atLimit, for: .player1) == atLimit)
        #expect(throws: MatchError.badName) { try PlayerName.validated(atLimit + "\u{301}", for: .player1) }
    }

    @Test(arguments: [
        "Bob\u{202E}ecilA", "Al\u{200B}ice", "Al\u{200C}ice", "Al\u{200D}ice", "Alice\u{200D}",
        "\u{FEFF}Alice", "Al\u{2060}ice", "Ali\u{00AD}ce", "\u{2066}Alice\u{2069}", "A\u{061C}lice",
    ])
    func test_formatCharacters_areBadNames(raw: String) {
        #expect(throws: MatchError.badName) { try PlayerName.validated(raw, for: .player2) }
    }

    @Test func test_emojiJoinedByZeroWidthJoiner_isAName() throws {
        let coder = "👩\u{200D}💻"
        #expect(coder.count == 1)
        #expect(try PlayerName.validated("Ana \(coder)", for: .player1) == "Ana \(coder)")
    }
}
