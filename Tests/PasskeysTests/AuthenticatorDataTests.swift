import PasskeyTestSupport
import Passkeys
import Testing

@Suite("Authenticator data")
struct AuthenticatorDataTests {
    let authenticator = SoftwareAuthenticator(signCount: 0x0102_0304)

    @Test("Every part is read: RP ID hash, flags, big-endian counter, credential, COSE key, extensions")
    func test_init_readsEveryPart() throws {
        let extensions = CBORValue.map([
            CBORMapEntry(key: .text("credProps"), value: .map([CBORMapEntry(key: .text("rk"), value: .bool(true))]))
        ])
        let bytes = authenticator.authenticatorData(
            rpID: "games.example", flags: [.userPresent, .userVerified, .backupEligible], attested: true, extensions: extensions)
        let data = try AuthenticatorData(bytes)
        #expect(data.rpIDHash == Array(bytes.prefix(32)))
        #expect(data.flags == [.userPresent, .userVerified, .backupEligible, .attestedCredentialData, .extensionData])
        #expect(data.signCount == 0x0102_0304)
        #expect(data.attestedCredential?.credentialID == authenticator.credentialID)
        #expect(data.attestedCredential?.publicKeyCOSE == authenticator.coseKey)
        #expect(data.extensions == extensions)
    }

    @Test("An assertion's data has neither credential nor extensions unless flagged")
    func test_init_withoutAttestedData() throws {
        let data = try AuthenticatorData(authenticator.authenticatorData(rpID: "games.example", flags: [.userPresent], attested: false))
        #expect(data.attestedCredential == nil)
        #expect(data.extensions == nil)
    }

    @Test("Random and truncated bytes are refused with a reason, never a crash")
    func test_init_randomBytes_refusedOrRead() {
        let valid = authenticator.authenticatorData(rpID: "games.example", flags: [.userPresent], attested: true)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 32..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            _ = try? AuthenticatorData(bytes)
            _ = try? CBORDecoder.decode(Array(bytes.dropFirst(37)))
        }
    }
}
