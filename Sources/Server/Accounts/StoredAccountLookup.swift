import Accounts
import MatchHosting
import MatchTree
import WebSocketTransport
import WireProtocol

/// The accounts as the WebSocket layer asks for them (issue 41): the server's account store, on the
/// server's clock (which a test moves, as it expires sessions by it).
struct StoredAccountLookup: AccountLookup {
    let ceremonies: PasskeyCeremonies
    let clock: HostClock

    func account(sessionToken: String) async throws -> AccountPlayer? {
        try await ceremonies.account(sessionToken: sessionToken, now: clock.moment().date).map { AccountPlayer(id: $0.id, name: $0.name) }
    }

    /// Looked up as an account's name would be registered: trimmed, then the same after
    /// `AccountName.canonical`; a name the `login` rules refuse (or an empty one) is nobody's.
    func isRegistered(guestName: String) async throws -> Bool {
        guard let name = PlayerName.accountName(guestName) else { return false }
        return try await ceremonies.store.account(named: name) != nil
    }
}
