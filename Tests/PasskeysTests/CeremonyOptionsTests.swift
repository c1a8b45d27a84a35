import Foundation
import PasskeyTestSupport
import Passkeys
import Testing

@Suite("Ceremony options")
struct CeremonyOptionsTests {
    let relyingParty = SoftwareAuthenticator.relyingParty

    func json(_ value: some Encodable) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any])
    }

    @Test("Creation options: the page's host as rp.id, base64url challenge and user.id, ES256 first, a discoverable key, no attestation")
    func test_creationOptions_fields() throws {
        let challenge = SoftwareAuthenticator.challenge()
        let handle: [UInt8] = Array(0..<16)
        let options = try json(
            CreationOptionsJSON(
                relyingParty: relyingParty, relyingPartyName: "Games", userHandle: handle, userName: "Ann", challenge: challenge,
                timeoutMilliseconds: 240_000))
        #expect((options["rp"] as? [String: String]) == ["id": "games.example", "name": "Games"])
        #expect((options["user"] as? [String: String]) == ["id": Base64URL.encode(handle), "name": "Ann", "displayName": "Ann"])
        #expect(options["challenge"] as? String == Base64URL.encode(challenge))
        let algorithms = (options["pubKeyCredParams"] as? [[String: Any]])?.compactMap { $0["alg"] as? Int }
        #expect(algorithms == [-7, -8])
        let selection = options["authenticatorSelection"] as? [String: Any]
        #expect(selection?["residentKey"] as? String == "required")
        #expect(selection?["userVerification"] as? String == "preferred")
        #expect(options["attestation"] as? String == "none")
        #expect(options["timeout"] as? Int == 240_000)
    }

    @Test("Request options: a discoverable credential, so no allowCredentials")
    func test_requestOptions_fields() throws {
        let challenge = SoftwareAuthenticator.challenge()
        let options = try json(RequestOptionsJSON(relyingParty: relyingParty, challenge: challenge, timeoutMilliseconds: 240_000))
        #expect(options["challenge"] as? String == Base64URL.encode(challenge))
        #expect(options["rpId"] as? String == "games.example")
        #expect(options["allowCredentials"] == nil)
        #expect(options["userVerification"] as? String == "preferred")
    }

    @Test("What the creation options offer is what a registration made with them is checked against")
    func test_offeredAlgorithms_registerThroughTheVerifier() throws {
        let challenge = SoftwareAuthenticator.challenge()
        let offered = CreationOptionsJSON(
            relyingParty: relyingParty, relyingPartyName: "Games", userHandle: [1], userName: "Ann", challenge: challenge,
            timeoutMilliseconds: 1
        ).pubKeyCredParams.compactMap { COSEAlgorithm(rawValue: $0.alg) }
        let expectation = RegistrationExpectation(challenge: challenge, relyingParty: relyingParty, algorithms: offered)
        #expect(
            try RegistrationVerifier.verify(SoftwareAuthenticator().register(challenge: challenge), expecting: expectation).algorithm
                == .es256)
    }
}
