import MatchStore
import MatchWords
import Synchronization
import Testing

/// The contract of `PairingQueue` about what is paired with what, as checks that any queue's test
/// target runs against its own queues, each check on a new, empty queue:
///
///     @Test(arguments: PairingQueueContract.checks)
///     func contract(_ check: PairingQueueContract.Check) async throws {
///         try await check.run { body in try await body(MyPairingQueue()) }
///     }
///
/// (The server's tests check the rest, over HTTP: renewing, dropping, cancelling, crowds.)
public enum PairingQueueContract {
    /// Makes a new, empty queue, hands it to `body`, then lets go of whatever it opened for it.
    public typealias Opener = (_ body: (any PairingQueue) async throws -> Void) async throws -> Void

    /// One check of the contract, named after what it checks.
    public struct Check: Sendable, Identifiable, CustomTestStringConvertible {
        /// The check's name, which the test report shows.
        public let id: String
        fileprivate let body: @Sendable (any PairingQueue) async throws -> Void

        public var testDescription: String { id }

        /// Runs the check on a queue that `open` makes.
        public func run(opening open: Opener) async throws {
            try await open(body)
        }
    }

    /// Every check of the contract.
    public static let checks: [Check] = [
        Check(id: "visitorsOfDifferentGames_areNotPaired", body: visitorsOfDifferentGames_areNotPaired),
        Check(
            id: "aVisitor_isPairedWithTheNextOfItsGame_pastOthersWaiting",
            body: aVisitor_isPairedWithTheNextOfItsGame_pastOthersWaiting),
        Check(id: "theGameWhoseVisitorWaitedLongest_isPairedFirst", body: theGameWhoseVisitorWaitedLongest_isPairedFirst),
        Check(id: "visitorsOfOneGameUnderDifferentClocks_areNotPaired", body: visitorsOfOneGameUnderDifferentClocks_areNotPaired),
        Check(id: "accountsKeptApart_areNeverPaired_theOthersAre", body: accountsKeptApart_areNeverPaired_theOthersAre),
    ]

    static let ticTacToe = PairingKey(gameID: "ticTacToe")
    static let connectFour = PairingKey(gameID: "connectFour")
    static let kalah = PairingKey(gameID: "kalah")

    static let blitz = PairingKey(gameID: "ticTacToe", timeControl: TimeControl(initialMilliseconds: 180_000, incrementMilliseconds: 2_000))
    static let bullet = PairingKey(gameID: "ticTacToe", timeControl: TimeControl(initialMilliseconds: 60_000, incrementMilliseconds: 0))

    private static func isWaiting(_ status: PairingStatus?) -> Bool {
        if case .waiting = status { true } else { false }
    }

    private static func visitorsOfDifferentGames_areNotPaired(_ queue: any PairingQueue) async throws {
        let seating = PairsSeated()
        try await queue.join("ann", name: "Ann", pairingKey: ticTacToe)
        try await queue.join("bob", name: "Bob", pairingKey: connectFour)
        try await queue.join("cat", name: nil, pairingKey: kalah)
        #expect(try await queue.pairNext(seating.seatPair) == false, "three visitors, three games: nobody to pair")
        #expect(seating.pairs.isEmpty)
        for key in ["ann", "bob", "cat"] {
            #expect(isWaiting(try await queue.renew(key)), "\(key) waits on")
        }
    }

    private static func aVisitor_isPairedWithTheNextOfItsGame_pastOthersWaiting(_ queue: any PairingQueue) async throws {
        let seating = PairsSeated()
        try await queue.join("ann", name: "Ann", pairingKey: connectFour)
        try await queue.join("bob", name: "Bob", pairingKey: ticTacToe)
        try await queue.join("cat", name: nil, pairingKey: connectFour)
        #expect(try await queue.pairNext(seating.seatPair))
        #expect(try await queue.pairNext(seating.seatPair) == false, "Bob alone asked for Tic Tac Toe")
        #expect(
            seating.pairs == [
                [
                    WaitingVisitor(key: "ann", name: "Ann", pairingKey: connectFour),
                    WaitingVisitor(key: "cat", name: nil, pairingKey: connectFour),
                ]
            ], "Ann and Cat, in the order they joined, each with the game asked for")
        #expect(try await queue.renew("ann") == .paired(PairsSeated.seat(ofPairing: 0, .player1)))
        #expect(try await queue.renew("cat") == .paired(PairsSeated.seat(ofPairing: 0, .player2)))
        #expect(isWaiting(try await queue.renew("bob")))

        try await queue.join("dan", name: "Dan", pairingKey: ticTacToe)
        #expect(try await queue.pairNext(seating.seatPair))
        #expect(seating.pairs.last?.map(\.key) == ["bob", "dan"])
        #expect(seating.pairs.last?.map(\.pairingKey) == [ticTacToe, ticTacToe])
    }

    private static func visitorsOfOneGameUnderDifferentClocks_areNotPaired(_ queue: any PairingQueue) async throws {
        let seating = PairsSeated()
        for (key, pairingKey) in [("ann", blitz), ("bob", ticTacToe), ("cat", bullet), ("dan", blitz)] {
            try await queue.join(key, name: nil, pairingKey: pairingKey)
        }
        while try await queue.pairNext(seating.seatPair) {}
        #expect(seating.pairs.map { $0.map(\.key) } == [["ann", "dan"]], "only the two who asked for 3+2")
        #expect(seating.pairs.first?.map(\.pairingKey) == [blitz, blitz], "the clock they asked for comes with them")
        for key in ["bob", "cat"] {
            #expect(isWaiting(try await queue.renew(key)), "\(key) waits on")
        }
    }

    /// Ann's account blocks Bob's (issue 41): the queue pairs each with the next who may be, guests and
    /// accounts alike, in the order they joined; a blocked pair alone waits on.
    private static func accountsKeptApart_areNeverPaired_theOthersAre(_ queue: any PairingQueue) async throws {
        let seating = PairsSeated()
        let apart: @Sendable (String, String) async throws -> Bool = { first, second in
            Set([first, second]) == ["account-ann", "account-bob"]
        }
        try await queue.join("ann", name: "Ann", pairingKey: ticTacToe, account: "account-ann")
        try await queue.join("bob", name: "Bob", pairingKey: ticTacToe, account: "account-bob")
        #expect(try await queue.pairNext(avoiding: apart, seating.seatPair) == false, "Ann and Bob alone: never paired")
        try await queue.join("cat", name: "Cat", pairingKey: ticTacToe, account: "account-cat")
        try await queue.join("dan", name: nil, pairingKey: ticTacToe)
        while try await queue.pairNext(avoiding: apart, seating.seatPair) {}
        #expect(seating.pairs.map { $0.map(\.key) } == [["ann", "cat"], ["bob", "dan"]])
        #expect(seating.pairs.first?.map(\.account) == ["account-ann", "account-cat"], "the account comes with the visitor")
    }

    private static func theGameWhoseVisitorWaitedLongest_isPairedFirst(_ queue: any PairingQueue) async throws {
        let seating = PairsSeated()
        // Tic Tac Toe has its pair first (Bob and Cat), but Ann has waited longest.
        for (key, pairingKey) in [("ann", kalah), ("bob", ticTacToe), ("cat", ticTacToe), ("dan", kalah)] {
            try await queue.join(key, name: nil, pairingKey: pairingKey)
        }
        while try await queue.pairNext(seating.seatPair) {}
        #expect(seating.pairs.map { $0.map(\.key) } == [["ann", "dan"], ["bob", "cat"]])
    }
}

/// A pairing's seating as the tests make it: no match, only seats named after the pairing's number,
/// and every pair it was given, in order.
public final class PairsSeated: Sendable {
    private let given = Mutex<[[WaitingVisitor]]>([])

    public init() {}

    /// The pairs seated so far, each in the order the queue gave them.
    public var pairs: [[WaitingVisitor]] { given.withLock { $0 } }

    /// The seat of the `pairing`th pairing (from 0).
    public static func seat(ofPairing pairing: Int, _ seat: Seat) -> PairedSeat {
        PairedSeat(matchID: MatchID(rawValue: "pairing\(pairing)match"), seat: seat, token: "token-\(pairing)-\(seat.rawValue)")
    }

    /// What `PairingQueue.pairNext` calls: records the pair, and seats it.
    @Sendable public func seatPair(_ first: WaitingVisitor, _ second: WaitingVisitor) async throws -> (PairedSeat, PairedSeat) {
        let pairing = given.withLock { pairs in
            pairs.append([first, second])
            return pairs.count - 1
        }
        return (Self.seat(ofPairing: pairing, .player1), Self.seat(ofPairing: pairing, .player2))
    }
}
