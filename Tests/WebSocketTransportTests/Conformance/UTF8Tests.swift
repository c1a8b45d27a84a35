import RawSocketSupport
import Testing

/// RFC 6455 8.1 and 5.6: text is UTF-8; invalid text fails the connection with 1007, as soon as it is
/// certain, even when the message is fragmented and the rest never comes ("fail fast").
@Suite("RFC 6455 8.1: UTF-8")
struct UTF8Tests {
    @Test func test_8_1_invalidUTF8InOneFrame_closes1007() async throws {
        let cases: [[UInt8]] = [
            [0xC3, 0x28],  // a lead byte without its continuation
            [0xED, 0xA0, 0x80],  // a surrogate
            [0xC0, 0xAF],  // an overlong form
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xFF],
        ]
        try await Conformance.forEach(cases) { socket, bytes in
            socket.sendFrame(opcode: 0x1, Array(#"{"type":"login","name":""#.utf8) + bytes + Array(#""}"#.utf8))
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1007, "\(bytes)")
            #expect(ending.closeWasLast)
        }
    }

    @Test func test_8_1_invalidUTF8InTheFirstFragment_closes1007WithoutWaitingForTheRest() async throws {
        try await Conformance.withSocket { socket, _, _ in
            // "é" begins fine (CE), the next byte cannot continue it; the message never ends.
            socket.sendFrame(opcode: 0x1, fin: false, Array(#"{"type":"login","name":"#.utf8) + [0xCE, 0x41])
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1007)
            #expect(ending.closeWasLast)
        }
    }

    @Test func test_8_1_aCharacterThatBreaksInALaterFragment_closes1007AtThatFragment() async throws {
        try await Conformance.withSocket { socket, _, _ in
            socket.sendFrame(opcode: 0x1, fin: false, Array(#"{"type":"login","name":""#.utf8) + [0xF0, 0x9F])
            socket.sendFrame(opcode: 0x0, fin: false, [0x98])
            // 0x41 cannot be the fourth byte of the emoji begun above; the message is still not over.
            socket.sendFrame(opcode: 0x0, fin: false, [0x41])
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1007)
        }
    }

    @Test func test_8_1_aMessageThatEndsInsideACharacter_closes1007() async throws {
        try await Conformance.withSocket { socket, _, _ in
            socket.sendFrame(opcode: 0x1, fin: false, Array(#"{"type":"sync"}"#.utf8))
            socket.sendFrame(opcode: 0x0, fin: true, [0xE2, 0x82])
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1007)
        }
    }

    @Test func test_8_1_aFourByteCharacterSplitOverFourFragments_isRead() async throws {
        try await Conformance.withSocket { socket, _, _ in
            let emoji: [UInt8] = [0xF0, 0x9F, 0x98, 0x80]
            socket.sendFrame(opcode: 0x1, fin: false, Array(#"{"type":"login","name":"A"#.utf8) + [emoji[0]])
            socket.sendFrame(opcode: 0x0, fin: false, [emoji[1]])
            socket.sendFrame(opcode: 0x0, fin: false, [emoji[2]])
            socket.sendFrame(opcode: 0x0, fin: true, [emoji[3]] + Array(#""}"#.utf8))
            try await socket.waitForMessages("seated")
        }
    }
}
