import Crypto
import PasskeyTestSupport
import Passkeys
import Testing

@Suite("Registration (§7.1)")
struct RegistrationVerifierTests {
    let authenticator = SoftwareAuthenticator()
    let challenge = SoftwareAuthenticator.challenge()

    func expectation(algorithms: [COSEAlgorithm] = [.es256, .edDSA], userVerificationRequired: Bool = false) -> RegistrationExpectation {
        RegistrationExpectation(
            challenge: challenge, relyingParty: SoftwareAuthenticator.relyingParty, algorithms: algorithms,
            userVerificationRequired: userVerificationRequired)
    }

    func refusal(_ response: RegistrationResponseJSON, _ expected: RegistrationExpectation? = nil) -> PasskeyFailure? {
        do {
            _ = try RegistrationVerifier.verify(response, expecting: expected ?? expectation())
            return nil
        } catch { return error }
    }

    @Test("A well-formed registration gives the credential and its key")
    func test_verify_wellFormed_givesCredential() throws {
        let credential = try RegistrationVerifier.verify(authenticator.register(challenge: challenge), expecting: expectation())
        #expect(credential.id == authenticator.credentialID)
        #expect(credential.publicKeyCOSE == authenticator.coseKey)
        #expect(credential.algorithm == .es256)
        #expect(credential.signCount == 0)
        #expect(credential.userVerified)
        #expect(credential.transports == ["internal"])
        #expect(try PasskeyPublicKey(cose: credential.publicKeyCOSE).algorithm == .es256)
    }

    @Test("An Ed25519 credential registers when EdDSA was offered, not otherwise")
    func test_verify_ed25519_dependsOnOffer() throws {
        let edwards = SoftwareAuthenticator(key: .ed25519(Curve25519.Signing.PrivateKey()))
        let response = edwards.register(challenge: challenge)
        #expect(try RegistrationVerifier.verify(response, expecting: expectation()).algorithm == .edDSA)
        #expect(refusal(response, expectation(algorithms: [.es256])) == .unsupportedAlgorithm(-8))
    }

    @Test("The origin must be one of the allowed")
    func test_verify_wrongOrigin_refused() {
        #expect(
            refusal(authenticator.register(challenge: challenge, origin: "https://evil.example"))
                == .originNotAllowed("https://evil.example"))
    }

    @Test("Another relying party's credential is refused by its RP ID hash")
    func test_verify_wrongRPIDHash_refused() {
        #expect(refusal(authenticator.register(challenge: challenge, rpID: "evil.example")) == .rpIDHashMismatch)
    }

    @Test("An assertion's client data is not a registration's")
    func test_verify_wrongType_refused() {
        #expect(refusal(authenticator.register(challenge: challenge, type: "webauthn.get")) == .wrongCeremonyType("webauthn.get"))
    }

    @Test("Another challenge is refused")
    func test_verify_otherChallenge_refused() {
        #expect(refusal(authenticator.register(challenge: SoftwareAuthenticator.challenge())) == .challengeMismatch)
    }

    @Test("Without user presence, or without verification when required, nothing registers")
    func test_verify_flags_refused() {
        #expect(refusal(authenticator.register(challenge: challenge, flags: [.userVerified])) == .userNotPresent)
        #expect(
            refusal(authenticator.register(challenge: challenge, flags: [.userPresent]), expectation(userVerificationRequired: true))
                == .userNotVerified)
        #expect(
            refusal(authenticator.register(challenge: challenge, flags: [.userPresent, .backupState])) == .backupStateWithoutEligibility)
    }

    @Test("Only attestation \"none\", with an empty statement")
    func test_verify_attestationFormat_refused() {
        #expect(refusal(authenticator.register(challenge: challenge, format: "packed")) == .unsupportedAttestationFormat("packed"))
        let statement = [CBORMapEntry(key: .text("alg"), value: CBOREncoder.integer(-7))]
        #expect(refusal(authenticator.register(challenge: challenge, statement: statement)) == .attestationStatementNotEmpty)
    }

    @Test("The credential id must be the one in authenticator data, and id must be rawId")
    func test_verify_credentialIDMismatch_refused() {
        var response = authenticator.register(challenge: challenge)
        response.rawId = Base64URL.encode([1, 2, 3])
        #expect(refusal(response) == .credentialIDMismatch)
        response = authenticator.register(challenge: challenge)
        response.id = Base64URL.encode([1, 2, 3])
        #expect(refusal(response) == .credentialIDMismatch)
        response = authenticator.register(challenge: challenge)
        response.type = "password"
        #expect(refusal(response) == .notPublicKeyCredential)
    }

    @Test("Malformed base64url, JSON and CBOR are refused with what was wrong")
    func test_verify_malformed_refused() {
        var response = authenticator.register(challenge: challenge)
        response.response.clientDataJSON = "not/base64url="
        #expect(refusal(response) == .malformedBase64URL(field: "clientDataJSON"))

        response = authenticator.register(challenge: challenge)
        response.response.clientDataJSON = Base64URL.encode(Array(#"{"type":"webauthn.create","#.utf8))
        #expect(refusal(response) == .malformedClientData)

        response = authenticator.register(challenge: challenge)
        response.response.attestationObject = "%%"
        #expect(refusal(response) == .malformedBase64URL(field: "attestationObject"))

        response = authenticator.register(challenge: challenge)
        let attestation = Base64URL.decode(response.response.attestationObject)!
        response.response.attestationObject = Base64URL.encode(attestation.dropLast(5))
        #expect(refusal(response) == .malformedCBOR(.truncated))

        response.response.attestationObject = Base64URL.encode(CBOREncoder.encode(.array([])))
        #expect(refusal(response) == .malformedAttestationObject)
    }

    @Test("Authenticator data that ends early or runs on is refused")
    func test_authenticatorData_malformed_refused() throws {
        let bytes = authenticator.authenticatorData(rpID: "games.example", flags: [.userPresent], attested: true)
        #expect(try AuthenticatorData(bytes).attestedCredential?.credentialID == authenticator.credentialID)
        #expect(throws: PasskeyFailure.malformedAuthenticatorData) { try AuthenticatorData(Array(bytes.prefix(36))) }
        #expect(throws: PasskeyFailure.malformedAuthenticatorData) { try AuthenticatorData(bytes + [0]) }
        #expect(throws: PasskeyFailure.malformedCBOR(.truncated)) { try AuthenticatorData(Array(bytes.dropLast())) }
        var tooLong = Array(bytes.prefix(53))
        tooLong += [0x04, 0x00]
        #expect(throws: PasskeyFailure.credentialIDTooLong) { try AuthenticatorData(tooLong) }
    }

    @Test("A COSE key whose curve or coordinates do not fit its algorithm is refused")
    func test_publicKey_malformed_refused() {
        let wrongCurve = CBOREncoder.encode(
            CBOREncoder.coseMap([
                (1, .unsigned(2)), (3, CBOREncoder.integer(-7)), (-1, .unsigned(2)), (-2, .bytes(Array(repeating: 1, count: 32))),
                (-3, .bytes(Array(repeating: 1, count: 32))),
            ]))
        #expect(throws: PasskeyFailure.malformedPublicKey) { try PasskeyPublicKey(cose: wrongCurve) }
        let offCurve = CBOREncoder.encode(
            CBOREncoder.coseMap([
                (1, .unsigned(2)), (3, CBOREncoder.integer(-7)), (-1, .unsigned(1)), (-2, .bytes(Array(repeating: 1, count: 32))),
                (-3, .bytes(Array(repeating: 1, count: 32))),
            ]))
        #expect(throws: PasskeyFailure.malformedPublicKey) { try PasskeyPublicKey(cose: offCurve) }
        let rs256 = CBOREncoder.encode(CBOREncoder.coseMap([(1, .unsigned(3)), (3, CBOREncoder.integer(-257))]))
        #expect(throws: PasskeyFailure.unsupportedAlgorithm(-257)) { try PasskeyPublicKey(cose: rs256) }
    }
}
