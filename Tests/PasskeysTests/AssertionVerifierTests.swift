import Crypto
import PasskeyTestSupport
import Passkeys
import Testing

@Suite("Assertion (§7.2)")
struct AssertionVerifierTests {
    let challenge = SoftwareAuthenticator.challenge()

    func expectation(_ stored: StoredCredential, userVerificationRequired: Bool = false) -> AssertionExpectation {
        AssertionExpectation(
            challenge: challenge, relyingParty: SoftwareAuthenticator.relyingParty, credential: stored,
            userVerificationRequired: userVerificationRequired)
    }

    func refusal(_ response: AuthenticationResponseJSON, _ stored: StoredCredential) -> PasskeyFailure? {
        do {
            _ = try AssertionVerifier.verify(response, expecting: expectation(stored))
            return nil
        } catch { return error }
    }

    @Test("A well-formed assertion gives the new counter", arguments: [false, true])
    func test_verify_wellFormed_givesCounter(edwards: Bool) throws {
        var authenticator = SoftwareAuthenticator()
        if edwards { authenticator.key = .ed25519(Curve25519.Signing.PrivateKey()) }
        let stored = authenticator.stored
        let verified = try AssertionVerifier.verify(authenticator.assert(challenge: challenge), expecting: expectation(stored))
        #expect(verified.credentialID == stored.id)
        #expect(verified.signCount == 1)
        #expect(verified.userVerified)
        #expect(!verified.backedUp)
    }

    @Test("An authenticator without a counter (always 0) signs in every time")
    func test_verify_zeroCounters_accepted() throws {
        var authenticator = SoftwareAuthenticator()
        let stored = authenticator.stored
        #expect(
            try AssertionVerifier.verify(authenticator.assert(challenge: challenge, countStep: 0), expecting: expectation(stored)).signCount
                == 0)
    }

    @Test("A forged signature is refused")
    func test_verify_forgedSignature_refused() {
        var authenticator = SoftwareAuthenticator()
        let stored = authenticator.stored
        var response = authenticator.assert(challenge: challenge)
        var signature = Base64URL.decode(response.response.signature)!
        signature[signature.count - 1] ^= 0x01
        response.response.signature = Base64URL.encode(signature)
        #expect(refusal(response, stored) == .signatureInvalid)
        response.response.signature = Base64URL.encode((0..<70).map { _ in UInt8.random(in: 0...255) })
        #expect(refusal(response, stored) == .signatureInvalid)
    }

    @Test("A signature by another credential's key is refused")
    func test_verify_otherCredentialsSignature_refused() {
        var authenticator = SoftwareAuthenticator()
        let stored = authenticator.stored
        #expect(refusal(authenticator.assert(challenge: challenge, signer: .p256(P256.Signing.PrivateKey())), stored) == .signatureInvalid)
    }

    @Test("Signed data changed after signing is refused: the client data is what was signed")
    func test_verify_clientDataSwapped_refused() {
        var authenticator = SoftwareAuthenticator()
        let stored = authenticator.stored
        var response = authenticator.assert(challenge: challenge)
        response.response.clientDataJSON = Base64URL.encode(
            SoftwareAuthenticator.clientDataJSON(
                type: "webauthn.get", challenge: challenge, origin: SoftwareAuthenticator.origin, crossOrigin: false)
                + Array(" ".utf8))
        #expect(refusal(response, stored) == .signatureInvalid)
    }

    @Test("Wrong origin, RP ID, type or challenge are refused, signed or not")
    func test_verify_wrongContext_refused() {
        var authenticator = SoftwareAuthenticator()
        let stored = authenticator.stored
        #expect(
            refusal(authenticator.assert(challenge: challenge, origin: "https://evil.example"), stored)
                == .originNotAllowed("https://evil.example"))
        #expect(refusal(authenticator.assert(challenge: challenge, rpID: "evil.example"), stored) == .rpIDHashMismatch)
        #expect(
            refusal(authenticator.assert(challenge: challenge, type: "webauthn.create"), stored) == .wrongCeremonyType("webauthn.create"))
        #expect(refusal(authenticator.assert(challenge: SoftwareAuthenticator.challenge()), stored) == .challengeMismatch)
        #expect(refusal(authenticator.assert(challenge: challenge, flags: [.userVerified]), stored) == .userNotPresent)
    }

    @Test(
        "A counter that goes backwards or stands still is a cloned authenticator",
        arguments: [(5, 3), (5, 5), (5, 0)] as [(UInt32, UInt32)])
    func test_verify_counterNotIncreasing_refused(stored storedCount: UInt32, received: UInt32) {
        var authenticator = SoftwareAuthenticator()
        authenticator.signCount = storedCount
        let stored = authenticator.stored
        authenticator.signCount = received
        #expect(
            refusal(authenticator.assert(challenge: challenge, countStep: 0), stored)
                == .signCountNotIncreasing(stored: storedCount, received: received))
    }

    @Test("The assertion must name the stored credential and its user")
    func test_verify_otherCredentialOrUser_refused() {
        var authenticator = SoftwareAuthenticator()
        let stored = authenticator.stored
        var other = SoftwareAuthenticator()
        #expect(refusal(other.assert(challenge: challenge), stored) == .credentialIDMismatch)
        var response = authenticator.assert(challenge: challenge)
        response.response.userHandle = Base64URL.encode([9, 9, 9])
        #expect(refusal(response, stored) == .userHandleMismatch)
        response.response.userHandle = nil
        #expect(refusal(response, stored) == .missingUserHandle, "a discoverable credential's assertion names its user")
        let identified = AssertionExpectation(
            challenge: challenge, relyingParty: SoftwareAuthenticator.relyingParty, credential: stored, userHandleRequired: false)
        #expect(throws: Never.self) { try AssertionVerifier.verify(response, expecting: identified) }
    }

    @Test("Malformed base64url and JSON are refused with the field")
    func test_verify_malformed_refused() {
        var authenticator = SoftwareAuthenticator()
        let stored = authenticator.stored
        let good = authenticator.assert(challenge: challenge)
        for (field, spoil) in [
            ("signature", { (r: inout AuthenticationResponseJSON) in r.response.signature = "a+b" }),
            ("authenticatorData", { (r: inout AuthenticationResponseJSON) in r.response.authenticatorData = "a=" }),
            ("clientDataJSON", { (r: inout AuthenticationResponseJSON) in r.response.clientDataJSON = "!" }),
            ("userHandle", { (r: inout AuthenticationResponseJSON) in r.response.userHandle = "x y" }),
            ("rawId", { (r: inout AuthenticationResponseJSON) in r.rawId = "@" }),
        ] {
            var response = good
            spoil(&response)
            #expect(refusal(response, stored) == .malformedBase64URL(field: field))
        }
        var response = good
        response.response.clientDataJSON = Base64URL.encode(Array("[1,2]".utf8))
        #expect(refusal(response, stored) == .malformedClientData)
        response = good
        response.response.authenticatorData = Base64URL.encode([1, 2, 3])
        #expect(refusal(response, stored) == .malformedAuthenticatorData)
    }
}
