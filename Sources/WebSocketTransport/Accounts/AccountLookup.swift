import WireProtocol

/// What the WebSocket layer asks of the accounts (issue 41), before anything reaches a match: a match's
/// host never touches the account store, and is handed plain values (`AccountPlayer`).
package protocol AccountLookup: Sendable {
    /// The account the `session` cookie's token signs in, its session marked used now (so that it lasts
    /// 30 days from this use); nil when the token signs nobody in (ended, expired or never issued).
    /// - Throws: when the account storage cannot be reached.
    func account(sessionToken: String) async throws -> AccountPlayer?

    /// Whether a guest's `login` name is a registered player's: the same name once trimmed, normalised
    /// and case-folded as account names are (`AccountName`). False for a name no account could have.
    /// - Throws: when the account storage cannot be reached.
    func isRegistered(guestName: String) async throws -> Bool
}
