import Foundation
import Passkeys

/// Why a ceremony or a session was refused. `reason` is for the server's log only (it names the
/// check that failed, never a secret); the client learns the kind of refusal and no more.
public enum CeremonyRefusal: Error, Equatable, Sendable {
    /// The name is another account's already.
    case nameTaken
    /// The request is not a credential this server can read (bad JSON, base64url, CBOR), or a
    /// registration that did not verify.
    case badMessage(reason: String)
    /// A sign-in that did not verify, or no valid session.
    case notSignedIn(reason: String)
}

/// Someone a ceremony signed in: the account and the new session's token, which only the cookie holds
/// (the store keeps its hash).
public struct SignedIn: Sendable {
    public let account: Account
    public let sessionToken: String
}

/// The registration and sign-in ceremonies of issue 41 over an `AccountStore`: issuing challenges,
/// verifying what the browser answers (Passkeys' §7.1 and §7.2 checks) and starting sessions. Time is
/// the caller's (`now`), so that a server on a test clock expires challenges and sessions by it.
public struct PasskeyCeremonies: Sendable {
    /// How long the browser may take (the options' `timeout`): less than a challenge lives, so that a
    /// ceremony the browser lets finish still finds its challenge.
    public static let timeoutMilliseconds = 4 * 60 * 1000

    public let store: any AccountStore

    public init(store: any AccountStore) {
        self.store = store
    }

    /// The options of `navigator.credentials.create()` for a new account `name` (already checked
    /// against the match rules by the caller), with a new user handle and challenge.
    /// - Throws: `CeremonyRefusal.nameTaken` when an account has the name.
    public func registrationOptions(name: String, relyingParty: RelyingParty, now: Date) async throws -> CreationOptionsJSON {
        guard try await store.account(named: name) == nil else { throw CeremonyRefusal.nameTaken }
        let accountID = Account.newID()
        let (challenge, record) = PasskeyChallenge.issue(for: .registration(name: name, accountID: accountID), at: now)
        try await store.saveChallenge(record)
        return CreationOptionsJSON(
            relyingParty: relyingParty, relyingPartyName: relyingParty.id, userHandle: Base64URL.decode(accountID) ?? [], userName: name,
            challenge: challenge, timeoutMilliseconds: Self.timeoutMilliseconds)
    }

    /// Creates the account the registration's challenge was issued for, with the credential, and
    /// signs it in.
    public func register(_ response: RegistrationResponseJSON, relyingParty: RelyingParty, now: Date) async throws -> SignedIn {
        let challenge = try readChallenge(response.response.clientDataJSON)
        guard
            case .registration(let name, let accountID)? = try await store.takeChallenge(hash: AccountSecrets.hash(challenge), now: now)?
                .purpose
        else { throw CeremonyRefusal.badMessage(reason: "registration with no pending registration challenge (unknown, used or expired)") }
        let credential: RegisteredCredential
        do {
            credential = try RegistrationVerifier.verify(
                response,
                expecting: RegistrationExpectation(challenge: challenge, relyingParty: relyingParty, algorithms: COSEAlgorithm.allCases))
        } catch {
            throw CeremonyRefusal.badMessage(reason: "registration refused: \(error)")
        }
        let account = Account(id: accountID, name: name, createdAt: now)
        do {
            try await store.createAccount(
                account,
                passkey: PasskeyRecord(
                    id: credential.id, accountID: accountID, publicKeyCOSE: credential.publicKeyCOSE,
                    signCount: credential.signCount, createdAt: now))
        } catch AccountStoreError.nameTaken {
            throw CeremonyRefusal.nameTaken
        } catch AccountStoreError.credentialExists {
            throw CeremonyRefusal.badMessage(reason: "registration of a credential id already registered")
        }
        return try await startSession(for: account, now: now)
    }

    /// The options of `navigator.credentials.get()` for a discoverable credential, with a new challenge.
    public func loginOptions(relyingParty: RelyingParty, now: Date) async throws -> RequestOptionsJSON {
        let (challenge, record) = PasskeyChallenge.issue(for: .login, at: now)
        try await store.saveChallenge(record)
        return RequestOptionsJSON(relyingParty: relyingParty, challenge: challenge, timeoutMilliseconds: Self.timeoutMilliseconds)
    }

    /// Signs in the account whose passkey made the assertion.
    public func login(_ response: AuthenticationResponseJSON, relyingParty: RelyingParty, now: Date) async throws -> SignedIn {
        let challenge = try readChallenge(response.response.clientDataJSON)
        // Taken first, whatever follows: a challenge answered once, well or badly, is spent.
        guard case .login? = try await store.takeChallenge(hash: AccountSecrets.hash(challenge), now: now)?.purpose else {
            throw CeremonyRefusal.notSignedIn(reason: "sign-in with no pending sign-in challenge (unknown, used or expired)")
        }
        let credentialID: [UInt8]
        do { credentialID = try response.credentialID() } catch {
            throw CeremonyRefusal.badMessage(reason: "sign-in refused: \(error)")
        }
        guard let passkey = try await store.passkey(id: credentialID) else {
            throw CeremonyRefusal.notSignedIn(reason: "sign-in with an unknown credential id")
        }
        let verified: VerifiedAssertion
        do {
            verified = try AssertionVerifier.verify(
                response, expecting: AssertionExpectation(challenge: challenge, relyingParty: relyingParty, credential: passkey.stored))
        } catch {
            throw CeremonyRefusal.notSignedIn(reason: "sign-in refused: \(error)")
        }
        // Conditional: of two sign-ins with the same counter (a clone, or one assertion on two servers), one wins.
        guard try await store.updateSignCount(passkeyID: passkey.id, from: passkey.signCount, to: verified.signCount) else {
            throw CeremonyRefusal.notSignedIn(reason: "sign-in whose signature counter another sign-in moved first")
        }
        guard let account = try await store.account(id: passkey.accountID) else {
            throw CeremonyRefusal.notSignedIn(reason: "sign-in with a passkey of no account")
        }
        return try await startSession(for: account, now: now)
    }

    /// The account a session cookie's token signs in, marking the session used at `now`; nil when none.
    public func account(sessionToken: String, now: Date) async throws -> Account? {
        try await store.account(sessionTokenHash: AccountSecrets.hash(token: sessionToken), now: now, lifetime: SessionPolicy.lifetime)
    }

    /// Ends the session of `sessionToken`: the token signs nobody in any more, on any server.
    public func endSession(token: String) async throws {
        try await store.deleteSession(tokenHash: AccountSecrets.hash(token: token))
    }

    private func startSession(for account: Account, now: Date) async throws -> SignedIn {
        let token = AccountSecrets.newSessionToken()
        try await store.createSession(tokenHash: AccountSecrets.hash(token: token), accountID: account.id, now: now)
        return SignedIn(account: account, sessionToken: token)
    }

    private func readChallenge(_ clientDataJSON: String) throws(CeremonyRefusal) -> [UInt8] {
        do { return try ClientDataChallenge.read(clientDataJSON: clientDataJSON) } catch {
            throw .badMessage(reason: "unreadable client data: \(error)")
        }
    }
}
