import Foundation
import RandomWin
import Testing
import TicTacToe
import WireProtocol

@Suite("Encoding client messages")
struct ClientMessageEncodingTests {
    static let allKinds: [ClientMessage] = [
        .login(name: nil), .login(name: ""), .login(name: "Alice"), .resume(token: "abc-123_XYZ"),
        .startGame(gameId: "ticTacToe"), .move(row: 1, col: 2), .move(row: -1, col: 3),
        .move(row: Int.max, col: Int.min), .roll, .launchGame(gameId: "randomWin"), .leave, .sync,
    ]

    @Test(arguments: allKinds)
    func test_encodedThenDecoded_givesTheSameMessage(message: ClientMessage) throws {
        #expect(try reader.decode(message.encoded()).get() == message)
    }

    @Test(arguments: allKinds)
    func test_encoded_isJSONFoundationCanRead(message: ClientMessage) throws {
        let object = try #require(foundationObject(message.encoded()) as? NSDictionary)
        #expect(object["type"] as? String == message.type)
    }

    @Test(
        arguments: [
            "Zoë", "🎲🎲", "名前", "a\"b", "back\\slash", "new\nline", "tab\t", "\u{00}\u{01}\u{1F}\u{7F}", "/slash/",
            "\u{2028}\u{2029}", "e\u{301}", "👩‍👩‍👧",
        ]
    )
    func test_encodedLogin_keepsUnicodeAndEscapesName(name: String) throws {
        let message = ClientMessage.login(name: name)
        #expect(try reader.decode(message.encoded()).get() == message)
        let object = try #require(foundationObject(message.encoded()) as? NSDictionary)
        #expect(object["name"] as? String == name)
    }

    @Test func test_encoded_givesExactJSON() {
        expectSameJSON(ClientMessage.login(name: nil).encoded(), #"{"type":"login"}"#)
        expectSameJSON(ClientMessage.login(name: "Al").encoded(), #"{"type":"login","name":"Al"}"#)
        expectSameJSON(ClientMessage.resume(token: "t").encoded(), #"{"type":"resume","token":"t"}"#)
        expectSameJSON(ClientMessage.startGame(gameId: "g").encoded(), #"{"type":"startGame","gameId":"g"}"#)
        expectSameJSON(ClientMessage.launchGame(gameId: "g").encoded(), #"{"type":"launchGame","gameId":"g"}"#)
        expectSameJSON(ClientMessage.move(row: 0, col: 2).encoded(), #"{"type":"move","row":0,"col":2}"#)
        expectSameJSON(ClientMessage.roll.encoded(), #"{"type":"roll"}"#)
        expectSameJSON(ClientMessage.leave.encoded(), #"{"type":"leave"}"#)
        expectSameJSON(ClientMessage.sync.encoded(), #"{"type":"sync"}"#)
    }

    @Test func test_encodedLoginWithoutName_leavesNameOut() {
        #expect(ClientMessage.login(name: nil).encoded() == #"{"type":"login"}"#)
    }

    @Test func test_encodedControlCharacter_usesUnicodeEscape() {
        #expect(ClientMessage.login(name: "\u{01}\n").encoded() == #"{"type":"login","name":"\u0001\n"}"#)
    }
}
