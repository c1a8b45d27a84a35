import RawSocketSupport
import Testing

/// RFC 6455 5.5.1, 7.1 and 7.4: close payloads and codes, and the closing handshake. The server answers
/// a valid close with the client's own code (1000 when it sent none), fails the connection with 1002
/// for a malformed close or a code that may not be sent, with 1007 for a reason that is not UTF-8; and
/// every close it sends reaches the client before the TCP connection ends.
@Suite("RFC 6455 5.5.1, 7: the closing handshake")
struct CloseHandshakeTests {
    private func closeAnswer(to payload: [UInt8]) async throws -> WireConnection.Ending {
        try await Conformance.withSocket { socket, _, _ in
            socket.sendFrame(opcode: 0x8, payload)
            return try await socket.ending()
        }
    }

    @Test func test_5_5_1_anEmptyClose_isAnsweredWith1000() async throws {
        let ending = try await closeAnswer(to: [])
        #expect(ending.closeCode == 1000)
        #expect(ending.closeWasLast)
    }

    @Test func test_5_5_1_aClosePayloadOfOneByte_closes1002() async throws {
        let ending = try await closeAnswer(to: [0x03])
        #expect(ending.closeCode == 1002)
        #expect(ending.closeWasLast)
    }

    @Test func test_7_4_aValidCode_isEchoed() async throws {
        try await Conformance.forEach([1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999]) {
            socket, code in
            socket.sendFrame(opcode: 0x8, FrameBytes.closePayload(code: UInt16(code)))
            let ending = try await socket.ending()
            #expect(ending.closeCode == code)
            #expect(ending.closeWasLast)
        }
    }

    @Test func test_7_4_aCodeThatMayNotBeSent_closes1002() async throws {
        try await Conformance.forEach([0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535]) { socket, code in
            socket.sendFrame(opcode: 0x8, FrameBytes.closePayload(code: UInt16(code)))
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1002, "code \(code)")
            #expect(ending.closeWasLast)
        }
    }

    @Test func test_5_5_1_aReasonOf123Bytes_isAccepted() async throws {
        let ending = try await closeAnswer(to: FrameBytes.closePayload(code: 1000, reason: Array(repeating: 0x61, count: 123)))
        #expect(ending.closeCode == 1000)
    }

    @Test func test_7_4_aUTF8Reason_isAccepted() async throws {
        let ending = try await closeAnswer(to: FrameBytes.closePayload(code: 1001, reason: Array("au revoir, Zoé".utf8)))
        #expect(ending.closeCode == 1001)
    }

    @Test func test_8_1_aCloseReasonThatIsNotUTF8_closes1007() async throws {
        let ending = try await closeAnswer(to: FrameBytes.closePayload(code: 1000, reason: [0x61, 0xCE, 0xBA, 0xE1, 0xBD]))
        #expect(ending.closeCode == 1007)
        #expect(ending.closeWasLast)
    }

    @Test func test_7_1_1_afterTheClientsCloseAnswer_theServerEndsTCPAtOnce() async throws {
        try await Conformance.withSocket(closeTimeout: Conformance.longCloseTimeout) { socket, _, _ in
            socket.send(FrameBytes.frame(opcode: 0x2, payload: [1]))
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1003)
            #expect(try #require(ending.closeToEnd) < Conformance.prompt)
        }
    }

    /// Autobahn 7.3.2, 7.5.1 and 7.9.x: a close refused for its payload is still the client's close, so
    /// once the server's answer is written both have passed and the server ends TCP itself, at once
    /// (7.1.1: the server closes first), rather than wait for a client that has nothing more to send.
    @Test func test_7_1_1_afterAnsweringABadClose_theServerEndsTCPItself() async throws {
        let notUTF8 = FrameBytes.closePayload(code: 1000, reason: [0x61, 0xCE, 0xBA, 0xE1, 0xBD])
        let badCodes = [0, 999, 1004, 1005, 1006, 1016, 1100, 2000, 2999].map { (FrameBytes.closePayload(code: UInt16($0)), 1002) }
        let cases: [(payload: [UInt8], answer: Int)] = [([0x03], 1002), (notUTF8, 1007)] + badCodes
        try await Conformance.forEach(cases, answersClose: false, closeTimeout: Conformance.longCloseTimeout) { socket, testCase in
            socket.sendFrame(opcode: 0x8, testCase.payload)
            let ending = try await socket.ending()
            #expect(ending.closeCode == testCase.answer, "payload \(testCase.payload)")
            #expect(ending.closeWasLast)
            let waited = try #require(ending.closeToEnd)
            #expect(waited < Conformance.prompt, "payload \(testCase.payload): TCP ended \(waited) after the close")
        }
    }

    @Test func test_7_1_1_aClientThatNeverAnswersTheClose_isDroppedAfterTheTimeout() async throws {
        try await Conformance.withSocket(answersClose: false) { socket, _, _ in
            socket.send(FrameBytes.frame(opcode: 0x2, payload: [1]))
            let ending = try await socket.ending(timeout: .seconds(15))
            #expect(ending.closeCode == 1003)
            let waited = try #require(ending.closeToEnd)
            #expect(waited > .seconds(4) && waited < .seconds(8), "dropped after \(waited)")
        }
    }

    @Test func test_7_1_7_aFrameOver4096Bytes_1009ReachesAClientThatKeepsSending() async throws {
        try await Conformance.withSocket { socket, _, _ in
            // The frame's header says 100 KB; its bytes keep coming after the server has refused it.
            let payload = Array(repeating: UInt8(ascii: "a"), count: 100_000)
            let frame = FrameBytes.frame(opcode: 0x1, payload: payload)
            for start in stride(from: 0, to: frame.count, by: 8192) { socket.send(Array(frame[start..<min(start + 8192, frame.count)])) }
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1009)
            #expect(ending.closeWasLast)
        }
    }

    @Test func test_7_1_7_theFrameDecodersClose_endsTCPPromptly() async throws {
        try await Conformance.withSocket(closeTimeout: Conformance.longCloseTimeout) { socket, _, _ in
            socket.send(FrameBytes.frame(opcode: 0x1, payload: Array(repeating: UInt8(ascii: "a"), count: 5000)))
            let ending = try await socket.ending()
            #expect(ending.closeCode == 1009)
            // The client's answer cannot be read after a refused frame; the server ends its side and
            // the client's end follows, well before the close timeout.
            #expect(try #require(ending.closeToEnd) < Conformance.prompt)
        }
    }
}
