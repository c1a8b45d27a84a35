import RawSocketSupport
import Testing

/// RFC 6455 section 5: masking, reserved bits, opcodes, control frames, fragmentation. Each test names
/// the section it checks; each failing case asserts that the close frame with the RFC's code reached
/// the client before the TCP connection ended.
@Suite("RFC 6455 5: frames")
struct FrameRuleTests {
    /// Sends `frames` on a fresh socket and expects the connection to end with a close frame of `code`.
    private func expectClose(_ code: Int, after frames: [[UInt8]], _ comment: Comment? = nil) async throws {
        try await Conformance.withSocket { socket, _, _ in
            for frame in frames { socket.send(frame) }
            let ending = try await socket.ending()
            #expect(ending.closeCode == code, comment)
            #expect(ending.closeWasLast, "the close frame came last, before the TCP end: \(ending.frames)")
        }
    }

    // MARK: 5.1 Masking

    @Test func test_5_1_anUnmaskedFrame_closes1002() async throws {
        try await expectClose(1002, after: [FrameBytes.frame(opcode: 0x1, masked: false, payload: Conformance.sync)])
    }

    @Test func test_5_1_anUnmaskedPing_closes1002() async throws {
        try await expectClose(1002, after: [FrameBytes.frame(opcode: 0x9, masked: false, payload: [1, 2])])
    }

    // MARK: 5.2 Reserved bits

    @Test func test_5_2_aReservedBitWithoutAnExtension_closes1002() async throws {
        try await Conformance.forEach([UInt8(4), 2, 1, 7]) { socket, rsv in
            socket.sendFrame(opcode: 0x1, rsv: rsv, Conformance.sync)
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1002, "RSV \(rsv)")
            #expect(ending.closeWasLast)
        }
    }

    @Test func test_5_2_aReservedBitOnAControlFrame_closes1002() async throws {
        try await expectClose(1002, after: [FrameBytes.frame(opcode: 0x9, rsv: 4, payload: [])])
    }

    // MARK: 5.2 Reserved opcodes

    @Test func test_5_2_aReservedOpcode_closes1002() async throws {
        try await Conformance.forEach([UInt8(0x3), 0x4, 0x5, 0x6, 0x7, 0xB, 0xC, 0xD, 0xE, 0xF]) { socket, opcode in
            socket.sendFrame(opcode: opcode, [])
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1002, "opcode \(opcode)")
            #expect(ending.closeWasLast)
        }
    }

    // MARK: 5.5 Control frames

    @Test func test_5_5_aPingOver125Bytes_closes1002() async throws {
        try await expectClose(1002, after: [FrameBytes.frame(opcode: 0x9, payload: Array(repeating: 0x2A, count: 126))])
    }

    @Test func test_5_5_aFragmentedPing_closes1002() async throws {
        try await expectClose(
            1002, after: [FrameBytes.frame(opcode: 0x9, fin: false, payload: [1]), FrameBytes.frame(opcode: 0x0, payload: [2])])
    }

    @Test func test_5_5_aCloseOver125Bytes_closes1002() async throws {
        try await expectClose(
            1002,
            after: [FrameBytes.frame(opcode: 0x8, payload: FrameBytes.closePayload(code: 1000, reason: Array(repeating: 0x61, count: 124)))]
        )
    }

    // MARK: 5.4 Fragmentation

    @Test func test_5_4_aContinuationWithoutAMessage_closes1002() async throws {
        try await expectClose(1002, after: [FrameBytes.frame(opcode: 0x0, payload: Conformance.sync)])
    }

    @Test func test_5_4_aNewTextFrameInsideAFragmentedMessage_closes1002() async throws {
        try await expectClose(
            1002,
            after: [
                FrameBytes.frame(opcode: 0x1, fin: false, payload: Array(Conformance.sync.prefix(5))),
                FrameBytes.frame(opcode: 0x1, payload: Conformance.sync),
            ])
    }

    @Test func test_5_4_aBinaryFrameInsideAFragmentedMessage_closes1002() async throws {
        try await expectClose(
            1002,
            after: [FrameBytes.frame(opcode: 0x1, fin: false, payload: [0x7B]), FrameBytes.frame(opcode: 0x2, payload: [1])])
    }

    @Test func test_5_6_aBinaryMessage_closes1003() async throws {
        try await expectClose(1003, after: [FrameBytes.frame(opcode: 0x2, payload: Conformance.sync)])
    }

    @Test func test_5_4_and_5_5_2_pingsBetweenFragments_areAnsweredAtOnce_andTheMessageIsStillRead() async throws {
        try await Conformance.withSocket { socket, _, _ in
            let sync = Conformance.sync
            socket.sendFrame(opcode: 0x1, fin: false, Array(sync.prefix(4)))
            socket.sendFrame(opcode: 0x9, [0xA1])
            try await socket.waitFor { $0.contains { $0.opcode == 0xA } }
            socket.sendFrame(opcode: 0x0, fin: false, Array(sync[4..<9]))
            socket.sendFrame(opcode: 0x9, [0xA2])
            socket.sendFrame(opcode: 0xA, [0xEE])  // an unsolicited pong is ignored (5.5.3)
            socket.sendFrame(opcode: 0x0, fin: true, Array(sync[9...]))
            try await socket.waitForMessages("welcome", count: 2)
            let pongs = socket.frames.filter { $0.opcode == 0xA }
            #expect(pongs.map(\.payload) == [[0xA1], [0xA2]])
            // The second pong came before the answer to the message it interrupted.
            let frames = socket.frames
            #expect(frames.firstIndex { $0.payload == [0xA2] }! < frames.lastIndex { $0.messageType == "welcome" }!)
        }
    }

    @Test func test_5_4_aHundredFragmentsOfTenBytes_areOneMessage() async throws {
        try await Conformance.withSocket { socket, _, _ in
            let message = Conformance.padded(Conformance.sync, to: 1000)
            let pieces = stride(from: 0, to: message.count, by: 10).map { Array(message[$0..<$0 + 10]) }
            for (index, piece) in pieces.enumerated() {
                socket.sendFrame(opcode: index == 0 ? 0x1 : 0x0, fin: index == pieces.count - 1, piece)
            }
            try await socket.waitForMessages("welcome", count: 2)
        }
    }

    @Test func test_5_4_aMessageOf4096OneByteFragments_isOneMessage() async throws {
        try await Conformance.withSocket { socket, _, _ in
            let message = Conformance.padded(Conformance.sync, to: 4096)
            var bytes: [UInt8] = []
            for (index, byte) in message.enumerated() {
                bytes += FrameBytes.frame(opcode: index == 0 ? 0x1 : 0x0, fin: index == message.count - 1, payload: [byte])
            }
            socket.send(bytes)
            try await socket.waitForMessages("welcome", count: 2)
        }
    }

    @Test func test_5_4_emptyFragments_areAllowed() async throws {
        try await Conformance.withSocket { socket, _, _ in
            socket.sendFrame(opcode: 0x1, fin: false, [])
            for _ in 0..<10 { socket.sendFrame(opcode: 0x0, fin: false, []) }
            socket.sendFrame(opcode: 0x0, fin: false, Conformance.sync)
            socket.sendFrame(opcode: 0x0, fin: true, [])
            try await socket.waitForMessages("welcome", count: 2)
        }
    }

    @Test func test_5_4_aMessageInMoreThan4096Fragments_closes1009() async throws {
        var bytes = FrameBytes.frame(opcode: 0x1, fin: false, payload: [])
        for _ in 0..<4096 { bytes += FrameBytes.frame(opcode: 0x0, fin: false, payload: []) }
        try await expectClose(1009, after: [bytes])
    }

    @Test func test_5_4_aMessageOver4096BytesInFragments_closes1009() async throws {
        let part = Array(repeating: UInt8(ascii: " "), count: 2100)
        try await expectClose(
            1009,
            after: [
                FrameBytes.frame(opcode: 0x1, fin: false, payload: Array(#"{"type":"sync","#.utf8) + part),
                FrameBytes.frame(opcode: 0x0, payload: part + Array("}".utf8)),
            ])
    }
}
