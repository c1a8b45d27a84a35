import NIOCore
import Testing

@testable import MatchHosting

/// The frames a host builds once per change (issue 44): RFC 6455 5.2 server frames, read back whole.
struct TextFramesTests {
    @Test(arguments: [
        (0, [0x81, 0x00]), (125, [0x81, 125]), (126, [0x81, 126, 0x00, 126]), (65_535, [0x81, 126, 0xFF, 0xFF]),
        (65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]),
    ])
    func test_aFramesHeader_isFinalUnmaskedText_inTheShortestLengthForm(length: Int, header: [UInt8]) throws {
        let text = String(repeating: "a", count: length)
        let frames = TextFrames([text])
        #expect(Array(frames.bytes.readableBytesView.prefix(header.count)) == header)
        #expect(frames.bytes.readableBytes == header.count + length)
        #expect(frames.payloads == [ByteBuffer(string: text)])
    }

    @Test func test_severalMessages_areFramedInOrder_andCountedOneEach() {
        let texts = [#"{"type":"board","v":7}"#, String(repeating: "x", count: 300), "{}"]
        let frames = TextFrames(texts)
        #expect(frames.count == 3)
        #expect(frames.payloads?.map { String(buffer: $0) } == texts)
    }

    @Test func test_bytesThatAreNotServerTextFrames_readAsNothing() {
        #expect(TextFrames.payloads(ofFramed: ByteBuffer(bytes: [0x82, 0x00])) == nil, "a binary frame")
        #expect(TextFrames.payloads(ofFramed: ByteBuffer(bytes: [0x81, 0x85, 1, 2, 3, 4, 5])) == nil, "a masked frame")
        #expect(TextFrames.payloads(ofFramed: ByteBuffer(bytes: [0x81, 0x05, 0x61])) == nil, "a frame cut short")
    }

    @Test func test_aQueue_countsEachMessageOfAnItemOfFrames_againstItsLimit() {
        let queue = OutboundQueue(limit: 4) { _ in }
        let three = OutboundItem.frames(TextFrames(["a", "b", "c"]))
        #expect(queue.push(three) == .queued)
        #expect(queue.count == 3)
        #expect(queue.push(.text(ByteBuffer(string: "d"))) == .queued)
        #expect(queue.push(.text(ByteBuffer(string: "e"))) == .full, "four messages queued: the limit")
        #expect(queue.push(.close(code: 1000, reason: "")) == .queued, "a close is always queued")
        _ = queue.take()
        #expect(queue.count == 1)
    }
}
