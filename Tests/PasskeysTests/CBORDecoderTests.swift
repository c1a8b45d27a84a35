import PasskeyTestSupport
import Passkeys
import Testing

@Suite("CBOR decoding")
struct CBORDecoderTests {
    @Test(
        "RFC 8949 Appendix A's vectors",
        arguments: [
            ([0x00], CBORValue.unsigned(0)),
            ([0x17], .unsigned(23)),
            ([0x18, 0x18], .unsigned(24)),
            ([0x19, 0x03, 0xE8], .unsigned(1000)),
            ([0x1B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .unsigned(UInt64.max)),
            ([0x20], .negative(0)),
            ([0x38, 0x63], .negative(99)),
            ([0x40], .bytes([])),
            ([0x44, 0x01, 0x02, 0x03, 0x04], .bytes([1, 2, 3, 4])),
            ([0x62, 0xC3, 0xBC], .text("ü")),
            (
                [0x83, 0x01, 0x82, 0x02, 0x03, 0x81, 0x04],
                .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4)])])
            ),
            ([0xA1, 0x61, 0x61, 0x01], .map([CBORMapEntry(key: .text("a"), value: .unsigned(1))])),
            ([0xC1, 0x1A, 0x51, 0x4B, 0x67, 0xB0], .tagged(tag: 1, .unsigned(1_363_896_240))),
            ([0xF4], .bool(false)), ([0xF5], .bool(true)), ([0xF6], .null), ([0xF7], .undefined), ([0xF8, 0xFF], .simple(255)),
        ] as [([UInt8], CBORValue)])
    func test_decode_rfcVectors(bytes: [UInt8], expected: CBORValue) throws {
        #expect(try CBORDecoder.decode(bytes) == expected)
    }

    @Test("Integers read as Swift integers, COSE's negative labels included")
    func test_integer_convertsBothSigns() throws {
        #expect(try CBORDecoder.decode([0x26]).integer == -7)
        #expect(try CBORDecoder.decode([0x39, 0x01, 0x00]).integer == -257)
        #expect(CBORValue.unsigned(UInt64.max).integer == nil)
        #expect(CBORValue.negative(UInt64.max).integer == nil)
    }

    @Test(
        "Malformed or non-canonical input is refused with its reason",
        arguments: [
            ([], CBORError.truncated),
            ([0x18], .truncated),
            ([0x44, 0x01, 0x02], .truncated),
            ([0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .truncated),
            ([0x9B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00], .truncated),
            ([0xBA, 0x7F, 0xFF, 0xFF, 0xFF, 0x00, 0x00], .truncated),
            ([0x00, 0x00], .trailingBytes),
            ([0x5F, 0x41, 0x00, 0xFF], .unsupported(majorType: 2, additional: 31)),
            ([0x1C], .unsupported(majorType: 0, additional: 28)),
            ([0xF9, 0x3C, 0x00], .unsupported(majorType: 7, additional: 25)),
            ([0xF8, 0x10], .unsupported(majorType: 7, additional: 24)),
            ([0x62, 0xC3, 0x28], .invalidText),
            ([0xA2, 0x01, 0x00, 0x01, 0x00], .duplicateKey),
        ] as [([UInt8], CBORError)])
    func test_decode_malformed_throwsReason(bytes: [UInt8], expected: CBORError) {
        #expect(throws: expected) { try CBORDecoder.decode(bytes) }
    }

    @Test("Nesting deeper than the bound is refused before the stack is")
    func test_decode_deepNesting_throwsTooDeep() {
        let bytes = [UInt8](repeating: 0x81, count: 10_000) + [0x00]
        #expect(throws: CBORError.tooDeep) { try CBORDecoder.decode(bytes) }
    }

    @Test("A prefix is read to its end, the bytes after it left alone")
    func test_decodePrefix_givesEnd() throws {
        let (value, end) = try CBORDecoder.decodePrefix([0xFF, 0x82, 0x01, 0x02, 0xAA, 0xBB], from: 1)
        #expect(value == .array([.unsigned(1), .unsigned(2)]))
        #expect(end == 4)
    }

    @Test("What the test's encoder writes decodes to what it was given")
    func test_decode_encoderOutput_roundTrips() throws {
        let value = CBOREncoder.coseMap([
            (1, .unsigned(2)), (3, CBOREncoder.integer(-7)), (-2, .bytes(Array(repeating: 7, count: 300))),
            (4, .text(String(repeating: "x", count: 70_000))), (5, .array([.null, .bool(true), .simple(40)])),
        ])
        #expect(try CBORDecoder.decode(CBOREncoder.encode(value)) == value)
    }
}
