import MatchStore
import MatchStoreContract
import MatchWords
import Testing

/// The whole `MatchStore` contract, against PostgreSQL with group commit and without.
///
/// One check at a time: each opens a pool and migrates a new schema, and all of them at once (with the
/// PostgreSQL backends they start) take the two cores from the timing-sensitive WebSocket tests that
/// `swift test` runs beside them.
@Suite("MatchStore contract: PostgreSQL", .serialized, .enabled(if: TestDatabase.isAvailable, TestDatabase.skipMessage))
struct PostgresContractTests {
    @Test(arguments: [true, false], MatchStoreContract.checks)
    func contract(groupCommit: Bool, check: MatchStoreContract.Check) async throws {
        try await TestDatabase.withSchema { schema in
            try await check.run { _ in try await TestDatabase.openStore(schema: schema, groupCommit: groupCommit) }
        }
    }
}
