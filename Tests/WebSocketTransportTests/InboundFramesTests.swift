import NIOCore
import NIOWebSocket
import Testing

@testable import WebSocketTransport

/// `InboundFrames` and `IncrementalUTF8Validator` without a socket: the rules of RFC 6455 5 and 8.1
/// frame by frame, and the incremental UTF-8 check against the standard library's, at every cut.
@Suite("InboundFrames")
struct InboundFramesTests {
    private func frame(_ opcode: WebSocketOpcode, fin: Bool = true, _ bytes: [UInt8]) -> WebSocketFrame {
        var data = ByteBuffer(bytes: bytes)
        let key = WebSocketMaskingKey.random()
        data.webSocketMask(key)
        return WebSocketFrame(fin: fin, opcode: opcode, maskKey: key, data: data)
    }

    @Test func test_8_1_theIncrementalCheck_agreesWithTheStandardLibrary_atEveryCut() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [
            0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xDF, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0x9F, 0xA0, 0x90, 0x8F,
        ]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            for cut in 0...bytes.count {
                var validator = IncrementalUTF8Validator()
                _ = validator.append(bytes[..<cut])
                _ = validator.append(bytes[cut...])
                #expect(validator.isComplete == expected, "\(bytes.map { String($0, radix: 16) }) cut at \(cut)")
            }
        }
    }

    @Test func test_5_4_fragmentsJoin_andControlFramesPassBetweenThem() throws {
        var frames = InboundFrames(maxMessageSize: 4096, maxFragments: 4096)
        #expect(try frames.read(frame(.text, fin: false, Array("ab".utf8))) == nil)
        #expect(try frames.read(frame(.ping, [1])) == .ping(ByteBuffer(bytes: [1])))
        #expect(try frames.read(frame(.continuation, fin: false, [])) == nil)
        #expect(try frames.read(frame(.continuation, Array("c".utf8))) == .text("abc"))
        #expect(try frames.read(frame(.text, Array("d".utf8))) == .text("d"))
    }

    @Test func test_5_1_and_5_2_theFrameRules() {
        var frames = InboundFrames(maxMessageSize: 4096, maxFragments: 4096)
        let unmasked = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: "a"))
        #expect(throws: InboundFrames.Violation.self) { try frames.read(unmasked) }
        var reserved = frame(.text, Array("a".utf8))
        reserved.rsv2 = true
        #expect(throws: InboundFrames.Violation.self) { try frames.read(reserved) }
        #expect(throws: InboundFrames.Violation.self) { try frames.read(frame(WebSocketOpcode(encodedWebSocketOpcode: 0xB)!, [])) }
    }

    @Test func test_7_4_closeCodes() {
        for code in [1000, 1003, 1007, 1014, 3000, 4999] { #expect(InboundFrames.isSendable(UInt16(code)), "\(code)") }
        for code in [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000] { #expect(!InboundFrames.isSendable(UInt16(code)), "\(code)") }
    }
}
