import MatchStore
import MatchStoreContract
import MatchWords
import Testing

/// The whole `MatchStore` contract, against the in-memory store.
@Suite("MatchStore contract: in memory")
struct InMemoryContractTests {
    @Test(arguments: MatchStoreContract.checks)
    func contract(check: MatchStoreContract.Check) async throws {
        try await check.run { _ in InMemoryMatchStore() }
    }
}

/// The pairing queue's contract, against the queue of one process.
@Suite("PairingQueue contract: in memory")
struct InMemoryPairingQueueContractTests {
    @Test(arguments: PairingQueueContract.checks)
    func contract(check: PairingQueueContract.Check) async throws {
        try await check.run { body in try await body(InMemoryPairingQueue()) }
    }
}
