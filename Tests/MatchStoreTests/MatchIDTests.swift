import MatchStore
import MatchWords
import Testing

/// A requested match id is taken only in the shape the server makes ids: 10 to 64 of `[A-Za-z0-9_-]`.
@Suite("Match ids")
struct MatchIDTests {
    @Test(arguments: ["k3J9xQ2mPa", "abcdefghij", "A-_09zZ-_0", String(repeating: "x", count: 64)])
    func test_aWellFormedRequest_isTaken(requested: String) {
        #expect(MatchID(requested: requested)?.rawValue == requested)
        #expect(MatchID.loggable(requested) == requested)
    }

    @Test(arguments: [
        "", "short", "abcdefghi", String(repeating: "x", count: 65), "abcdefghij/", "abcdefghij k", "abcdéfghijk", "abc\ndefghijk",
    ])
    func test_anIllFormedRequest_isRefused(requested: String) {
        #expect(MatchID(requested: requested) == nil)
    }

    @Test func test_anIllFormedRequest_isLoggedEscapedAndCutShort() {
        #expect(MatchID.loggable("evil\nmatch=forged") == #""evil\nmatch=forged""#)
        #expect(MatchID.loggable(String(repeating: "é", count: 100)).count == 66)
    }
}
