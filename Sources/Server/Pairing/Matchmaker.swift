import Accounts
import Logging
import MatchHosting
import MatchStore
import MatchWords
import RatingStore

/// Pairs the visitors of the "Play someone now" queue, two at a time, while two are waiting: a few
/// pairings at once on this server, any number of servers at once on one queue.
actor Matchmaker {
    nonisolated let queue: any PairingQueue
    private let seating: PairSeating
    /// Where blocks are kept: two visitors whose accounts block one another are never paired.
    private let accounts: (any AccountStore)?
    /// Where ratings are read: two rated seekers are paired only within their windows (`RatingWindow`).
    private let ratings: (any RatingStore)?
    private let logger: Logger
    /// Pairings running here. Bounded: on a shared store each holds a database connection from the
    /// pool that its own writes and the renewals also need; a few at once let their commits share
    /// group commit.
    private var pairings = 0
    private let maxPairings: Int
    /// A visitor came or renewed while every pairing ran: look again before stopping.
    private var lookAgain = false

    init(
        queue: any PairingQueue, registry: MatchRegistry, accounts: (any AccountStore)?, ratings: (any RatingStore)? = nil,
        maxPairings: Int = 3, logger: Logger
    ) {
        self.queue = queue
        self.accounts = accounts
        self.ratings = ratings
        seating = PairSeating(registry: registry)
        self.maxPairings = maxPairings
        self.logger = logger
    }

    /// Pairs in the background whoever can be paired now.
    nonisolated func pairSoon() {
        Task { await pairWaiting() }
    }

    /// Pairs whoever can be paired now; returns at once when `maxPairings` run already (one of which
    /// then looks again before it stops).
    func pairWaiting() async {
        guard pairings < maxPairings else {
            lookAgain = true
            return
        }
        pairings += 1
        defer { pairings -= 1 }
        let seating = seating
        let blocking = Self.blocking(accounts)
        let ratings = ratings
        repeat {
            lookAgain = false
            do {
                let keepingApart: @Sendable (WaitingVisitor, WaitingVisitor) async throws -> Bool = { first, second in
                    if let a = first.account, let b = second.account, try await blocking(a, b) { return true }
                    return try await !Self.withinWindows(first, second, ratings)
                }
                while try await queue.pairNext(keepingApart: keepingApart, { try await seating.seat($0, $1) }) {}
            } catch {
                // Both visitors wait on; their next renewal tries again. Tickets are never logged.
                logger.error("could not pair two waiting visitors", metadata: ["error": "\(error)"])
            }
        } while lookAgain
    }

    /// Whether two seekers' ratings are close enough for how long each has waited: always for an
    /// unrated key; never for a rated one without both accounts (the route let only accounts in).
    private static func withinWindows(_ first: WaitingVisitor, _ second: WaitingVisitor, _ ratings: (any RatingStore)?) async throws
        -> Bool
    {
        guard first.pairingKey.rated else { return true }
        guard let ratings, let a = first.account, let b = second.account else { return false }
        let gameID = first.pairingKey.gameID.rawValue
        func shown(_ account: String) async throws -> Int {
            try await ratings.ratings(of: account).first { $0.gameID == gameID }?.shownRating ?? RatingWindow.newPlayer
        }
        return RatingWindow.covers(try await shown(a), try await shown(b), firstWaited: first.waited, secondWaited: second.waited)
    }

    /// Whether two accounts are kept apart: either blocks the other (issue 41: "never paired by Play
    /// someone now"), or they are one account waiting on two pages, which would be given both seats
    /// of one match and play itself.
    private static func blocking(_ accounts: (any AccountStore)?) -> @Sendable (String, String) async throws -> Bool {
        guard let accounts else { return { first, second in first == second } }
        return { first, second in
            if first == second { return true }
            return try await accounts.eitherBlocks(first, second)
        }
    }
}
