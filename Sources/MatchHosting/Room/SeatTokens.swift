import Foundation
import MatchTree
import MatchWords

/// Which token holds which seat, which account a seat belongs to (issue 41), and which taken seat
/// without a connection waits to time out.
///
/// Keeps only hashes: a token is shown once, to the connection that took the seat. `Timeout` is
/// what the host cancels a running timeout with (a task): this value keeps one per seat and hands
/// back those to cancel, so it starts nothing, keeps no clock and does no I/O.
struct SeatTokens<Timeout> {
    private var hashes: [Seat: Data]
    /// The account of each seat a signed-in player took; a guest's seat has none.
    private var accounts: [Seat: String]
    private var timeouts: [Seat: Timeout] = [:]

    /// The seats taken, with the hashes of their tokens (a replayed log's, or none) and their accounts.
    init(hashes: [Seat: Data] = [:], accounts: [Seat: String] = [:]) {
        self.hashes = hashes
        self.accounts = accounts
    }

    /// The seats a replayed log left taken.
    init(holders: [Seat: SeatHolder]) {
        self.init(hashes: holders.mapValues(\.tokenHash), accounts: holders.compactMapValues(\.account))
    }

    /// The seats a token holds.
    var takenSeats: [Seat] { hashes.keys.sorted() }

    /// The seats that belong to an account: `presence` and the snapshot mark their players.
    var accountSeats: Set<Seat> { Set(accounts.keys) }

    /// Whether a token holds `seat`.
    func isTaken(_ seat: Seat) -> Bool { hashes[seat] != nil }

    /// The seat that belongs to account `id`, if any: what its `login` resumes on any device.
    func seat(ofAccount id: String) -> Seat? {
        accounts.first { $0.value == id }?.key
    }

    /// The seat `token` holds, if any. Hashes are compared in constant time, so the time taken does
    /// not tell how much of a guess was right.
    func seat(heldBy token: String) -> Seat? {
        let hash = Secrets.tokenHash(token)
        return hashes.first { Secrets.constantTimeEquals($0.value, hash) }?.key
    }

    /// Gives `seat` a new token, and to `account` when a signed-in player takes it: returns the token
    /// (for its one connection) and the hash the log keeps.
    mutating func issue(for seat: Seat, account: String? = nil) -> (token: String, hash: Data) {
        let token = Secrets.newSeatToken()
        let hash = Secrets.tokenHash(token)
        hashes[seat] = hash
        accounts[seat] = account
        return (token, hash)
    }

    /// `seat` is free again: its token dies, and it is no account's any more. Returns its running timeout, to cancel.
    mutating func release(_ seat: Seat) -> Timeout? {
        hashes[seat] = nil
        accounts[seat] = nil
        return stopTimeout(seat)
    }

    /// `seat`'s timeout runs as `timeout`. Returns the one it replaces, to cancel.
    mutating func startTimeout(_ seat: Seat, _ timeout: Timeout) -> Timeout? {
        timeouts.updateValue(timeout, forKey: seat)
    }

    /// `seat`'s running timeout, if any.
    func timeout(of seat: Seat) -> Timeout? { timeouts[seat] }

    /// Forgets `seat`'s timeout (a connection came back, or it fired). Returns it, to cancel.
    mutating func stopTimeout(_ seat: Seat) -> Timeout? {
        timeouts.removeValue(forKey: seat)
    }

    /// Forgets every timeout (the match is torn down). Returns them, to cancel.
    mutating func stopAllTimeouts() -> [Timeout] {
        defer { timeouts = [:] }
        return Array(timeouts.values)
    }
}
