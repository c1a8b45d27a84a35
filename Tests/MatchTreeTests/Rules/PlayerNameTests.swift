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
