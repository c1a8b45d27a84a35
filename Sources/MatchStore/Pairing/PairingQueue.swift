import Foundation
import MatchWords

/// The "Play someone now" queue: visitors wait in it until the server pairs two who asked for the same
/// thing (the same `PairingKey`: the same game) into a new match, those who have waited longest first
/// (docs/PROTOCOL.md, "Play someone now").
///
/// Every visitor is known by the key of its ticket (the ticket's hash: the ticket itself, a secret,
/// stays with the visitor). A waiting visitor must renew its place within `renewWithin`, or it is
/// dropped: a page that was closed stops renewing and leaves the queue by itself.
///
/// Contract for every implementation:
/// - `pairNext` hands each waiting visitor to at most one pairing, ever, even when several servers
///   share the queue (PostgreSQL); a pairing that throws leaves both visitors waiting where they were.
/// - A visitor paired stays readable (`renew`) for `keepPaired`, so that an answer lost on the way
///   can be asked for again.
///
/// Implementations: `InMemoryPairingQueue` (one process: memory and SQLite stores) and the PostgreSQL
/// store's, a table shared by every server on the database. `MatchStore.makePairingQueue` gives the one
/// that goes with a store.
public protocol PairingQueue: Sendable {
    /// Puts the visitor of ticket key `key`, named `name` (nil: the seat's default name), signed in to
    /// `account` (nil: a guest), at the end of the queue, to be paired only with a visitor who asked
    /// for the same `pairingKey`.
    func join(_ key: String, name: String?, pairingKey: PairingKey, account: String?) async throws

    /// Where the visitor of `key` stands, renewing its place when it waits; nil when it is not in the
    /// queue (it left, was dropped for not renewing in time, or was paired longer ago than `keepPaired`).
    func renew(_ key: String) async throws -> PairingStatus?

    /// Takes the visitor of `key` out of the queue. A visitor already paired keeps its seat.
    func leave(_ key: String) async throws

    /// Takes two waiting visitors (renewed in time) of one pairing key and gives them to `seat`, which
    /// makes their match and seats them; records what it returns for each, all or nothing. Of the keys
    /// with two or more waiting, the one whose longest waiting visitor has waited longest goes first,
    /// and its two longest waiting visitors are taken, the first to have joined first. Returns false,
    /// calling nothing, when no two visitors of one key wait (or the others are being paired right
    /// now, by another server). Two visitors `keepingApart` names (their accounts block one another,
    /// or their ratings are too far apart for how long they have waited) are never paired: the first
    /// is paired with the next who may be, and the visitors passed over keep their places.
    func pairNext(
        keepingApart: @escaping @Sendable (_ first: WaitingVisitor, _ second: WaitingVisitor) async throws -> Bool,
        _ seat: @escaping @Sendable (_ first: WaitingVisitor, _ second: WaitingVisitor) async throws -> (PairedSeat, PairedSeat)
    ) async throws -> Bool
}

extension PairingQueue {
    /// A guest joins.
    public func join(_ key: String, name: String?, pairingKey: PairingKey) async throws {
        try await join(key, name: name, pairingKey: pairingKey, account: nil)
    }

    /// Pairs, keeping apart two visitors both signed in whose accounts `avoiding` names.
    public func pairNext(
        avoiding: @escaping @Sendable (_ firstAccount: String, _ secondAccount: String) async throws -> Bool,
        _ seat: @escaping @Sendable (_ first: WaitingVisitor, _ second: WaitingVisitor) async throws -> (PairedSeat, PairedSeat)
    ) async throws -> Bool {
        try await pairNext(
            keepingApart: { first, second in
                guard let a = first.account, let b = second.account else { return false }
                return try await avoiding(a, b)
            }, seat)
    }

    /// Pairs with no accounts to keep apart.
    public func pairNext(
        _ seat: @escaping @Sendable (_ first: WaitingVisitor, _ second: WaitingVisitor) async throws -> (PairedSeat, PairedSeat)
    )
        async throws -> Bool
    {
        try await pairNext(keepingApart: { _, _ in false }, seat)
    }
}

/// The first two of `candidates` (in the order they joined) that may be paired: that `keepingApart`
/// does not name.
public func firstPairable(
    _ candidates: [WaitingVisitor], keepingApart: @Sendable (WaitingVisitor, WaitingVisitor) async throws -> Bool
) async throws -> (WaitingVisitor, WaitingVisitor)? {
    for (index, first) in candidates.enumerated() {
        for second in candidates[(index + 1)...] {
            if try await keepingApart(first, second) { continue }
            return (first, second)
        }
    }
    return nil
}

/// A visitor as the queue hands it to the pairing.
public struct WaitingVisitor: Sendable, Hashable {
    /// Its ticket's key.
    public let key: String
    /// The name it asked for; nil for the seat's default.
    public let name: String?
    /// What it asked to be paired for, the same as its partner's.
    public let pairingKey: PairingKey
    /// The account it is signed in to; nil for a guest.
    public let account: String?
    /// How long it has waited since it joined, by the queue's clock (a rated seat's window widens with it).
    public let waited: Duration

    public init(key: String, name: String?, pairingKey: PairingKey, account: String? = nil, waited: Duration = .zero) {
        self.key = key
        self.name = name
        self.pairingKey = pairingKey
        self.account = account
        self.waited = waited
    }

    /// The same visitor whenever it was read: how long it had waited is not part of who it is.
    public static func == (left: WaitingVisitor, right: WaitingVisitor) -> Bool {
        (left.key, left.name, left.pairingKey, left.account) == (right.key, right.name, right.pairingKey, right.account)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(name)
        hasher.combine(pairingKey)
        hasher.combine(account)
    }
}

/// What a paired visitor is told: its match, its seat, and the seat's token (a secret, for it alone).
public struct PairedSeat: Sendable, Hashable {
    public let matchID: MatchID
    public let seat: Seat
    public let token: String

    public init(matchID: MatchID, seat: Seat, token: String) {
        self.matchID = matchID
        self.seat = seat
        self.token = token
    }
}

/// Where a visitor in the queue stands.
public enum PairingStatus: Sendable, Hashable {
    /// Still waiting, for this many whole seconds since it joined; `rated`: for a rated match.
    case waiting(seconds: Int, rated: Bool)
    case paired(PairedSeat)
}

/// How long the queue keeps visitors.
public struct PairingQueueTimes: Sendable, Hashable {
    /// A waiting visitor not renewed for this long is dropped.
    public var renewWithin: Duration
    /// A paired visitor can read its seat for this long after the pairing.
    public var keepPaired: Duration

    public init(renewWithin: Duration = .seconds(10), keepPaired: Duration = .seconds(120)) {
        self.renewWithin = renewWithin
        self.keepPaired = keepPaired
    }
}
