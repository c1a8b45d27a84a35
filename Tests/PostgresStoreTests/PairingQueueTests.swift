import MatchStore
import MatchStoreContract
import MatchWords
import Testing

/// The "Play someone now" queue in PostgreSQL: the pairing contract, a row an older server wrote, and
/// two servers pairing one queue of several games at once.
@Suite("PairingQueue: PostgreSQL", .serialized, .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct PostgresPairingQueueTests {
    @Test(arguments: PairingQueueContract.checks)
    func contract(check: PairingQueueContract.Check) async throws {
        try await check.run { body in
            try await TestDatabase.withSchema { schema in
                let store = try await TestDatabase.openStore(schema: schema)
                do {
                    try await body(store.makePairingQueue(times: PairingQueueTimes()))
                } catch {
                    try? await store.close()
                    throw error
                }
                try await store.close()
            }
        }
    }

    /// During a rolling upgrade a server of the release before migration 6 still joins visitors without
    /// a game: they were Tic Tac Toe visitors, and are paired as such.
    @Test func test_aVisitorAnOlderServerQueued_isPairedForTicTacToe() async throws {
        try await TestDatabase.withTwoStores { store, _ in
            try await TestDatabase.execute(#"INSERT INTO "\#(store.schema)".pairing_queue (ticket_hash, name) VALUES ('old', 'Olga')"#)
            let queue = store.makePairingQueue(times: PairingQueueTimes())
            try await queue.join("c4", name: "Cleo", pairingKey: PairingKey(gameID: "connectFour"))
            let seating = PairsSeated()
            #expect(try await queue.pairNext(seating.seatPair) == false, "Olga asked for Tic Tac Toe, Cleo for Connect Four")
            try await queue.join("new", name: "Nina", pairingKey: PairingKey(gameID: "ticTacToe"))
            #expect(try await queue.pairNext(seating.seatPair))
            #expect(seating.pairs.map { $0.map(\.key) } == [["old", "new"]])
            #expect(seating.pairs.first?.map(\.pairingKey) == [PairingKey(gameID: "ticTacToe"), PairingKey(gameID: "ticTacToe")])
        }
    }

    /// Two servers pair one queue of three games at once: every visitor is paired once, and only with a
    /// visitor of its own game.
    @Test func test_twoServersPairingAtOnce_pairEachVisitorOnce_withItsOwnGame() async throws {
        try await TestDatabase.withTwoStores { first, second in
            let queues = [first, second].map { $0.makePairingQueue(times: PairingQueueTimes()) }
            let games: [GameID] = ["ticTacToe", "connectFour", "kalah"]
            var asked: [String: PairingKey] = [:]
            for index in 0..<30 {
                let key = PairingKey(gameID: games[index % games.count])
                asked["visitor\(index)"] = key
                try await queues[index % 2].join("visitor\(index)", name: nil, pairingKey: key)
            }
            let seating = PairsSeated()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for queue in queues {
                    group.addTask { while try await queue.pairNext(seating.seatPair) {} }
                }
                try await group.waitForAll()
            }
            let pairs = seating.pairs
            #expect(pairs.count == 15)
            #expect(Set(pairs.flatMap { $0.map(\.key) }).count == 30, "each visitor once")
            for pair in pairs {
                #expect(pair.allSatisfy { asked[$0.key] == $0.pairingKey && $0.pairingKey == pair[0].pairingKey }, "\(pair)")
            }
        }
    }
}
