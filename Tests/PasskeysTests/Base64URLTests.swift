import Passkeys
import Testing

@Suite("base64url")
struct Base64URLTests {
    @Test(
        "RFC 4648's vectors, unpadded",
        arguments: [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
        ])
    func test_encodeAndDecode_rfcVectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test("The URL-safe alphabet's two characters stand for 62 and 63")
    func test_decode_urlSafeCharacters() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
    }

    @Test(
        "What is not unpadded base64url is refused",
        arguments: ["Zg==", "+/8", "Zm9v\n", "Z", "Zm9vY", "Zm 9v", "Zm9v!", "ä"])
    func test_decode_malformed_givesNil(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test("Random bytes come back as they went")
    func test_roundTrip_randomBytes() {
        for count in 0..<70 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }
}
