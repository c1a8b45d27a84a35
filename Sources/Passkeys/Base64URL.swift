import Foundation

/// The base64url encoding of RFC 4648 §5 without padding, as WebAuthn's JSON forms (`toJSON()`,
/// `parseCreationOptionsFromJSON`) and `clientDataJSON.challenge` write bytes.
public enum Base64URL {
    /// The unpadded base64url text of `bytes`.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of unpadded base64url `text`, or nil when it holds anything else: a character outside
    /// the URL-safe alphabet (`+`, `/`, `=`, white space included) or a length no encoding has.
    public static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 4 != 1, utf8.allSatisfy(isAlphabet) else { return nil }
        var standard = String(decoding: utf8.map(toStandard), as: UTF8.self)
        standard += String(repeating: "=", count: (4 - utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map { Array($0) }
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    private static func toStandard(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "-"): UInt8(ascii: "+")
        case UInt8(ascii: "_"): UInt8(ascii: "/")
        default: byte
        }
    }
}
