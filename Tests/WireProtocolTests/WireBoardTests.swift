import Testing
import WireProtocol

/// A board whose fields a game writes: written with the message's `type` and `v`, keys in sorted order,
/// every kind of value as JSON writes it, and read back field by field.
struct WireBoardTests {
    @Test func test_aBoardOfAnyShape_isWrittenSorted_andReadBack() throws {
        let board = WireBoard(fields: [
            "zeta": .array([.integer(1), .null, .bool(true), .string("a\"b")]), "alpha": .object(["b": .integer(2), "a": .seat(.player2)]),
            "whole": .number(3.0), "half": .number(0.5), "nothing": .null,
        ])
        let text = ServerMessage.board(board, v: 12).jsonText()
        #expect(
            text
                == #"{"alpha":{"a":"player2","b":2},"half":0.5,"nothing":null,"type":"board","v":12,"whole":3,"zeta":[1,null,true,"a\"b"]}"#
        )
        guard case .board(let read, 12) = try ServerMessage.decode(text).get() else {
            Issue.record("not read back")
            return
        }
        // 3.0 comes back as the integer 3, as any reader of the text sees it.
        #expect(read.fields["whole"] == .integer(3))
        #expect(read.fields["half"] == .number(0.5))
        #expect(read.fields["zeta"] == board.fields["zeta"])
        #expect(read.fields["alpha"] == board.fields["alpha"])
        #expect(read.fields["type"] == nil && read.fields["v"] == nil)
    }
}
